import { useCallback, useRef, useState } from 'react';
import type { ApiOutboxMail } from '../../../domain/api-types';
import { OUTBOX_LIST_LIMIT } from '../../../domain/mail';
import { storeDayTimeText } from '../../../domain/time-text';
import { MailFailingBanner, mailApi, retriedText } from '../../shared/mail-failing';
import { ErrorMessage } from '../../shared/ui';
import { useMutation } from '../../shared/use-mutation';
import { usePollWhileVisible } from '../../shared/use-poll';
import { AdminLoadState, Announcer, useAnnouncement, useLoad } from './admin-parts';
import { staffAdminApi } from './staff-admin-api';
import { storeDay, storeTime } from './toronto-date';
import './staff-admin.css';

export const OUTBOX_ADMIN_ONLY = "Only the store's admin can see the outbox.";
/** What a trial store without SMTP_URL reads: the mails are real, only not sent. */
export const HELD_EXPLAINED =
  'Mail is not being sent: the server has no SMTP_URL. Every mail is kept here, held, so you can read what would have gone out.';

const STATUS_NAMES: Record<ApiOutboxMail['status'], string> = {
  held: 'Held: no SMTP_URL',
  queued: 'Waiting to send',
  sent: 'Sent',
  failed: 'Failed',
};

const when = (iso: string) => `${storeDay(new Date(iso))}, ${storeTime(new Date(iso))}`;

/** The Outbox reads itself again this often while it is on screen (a mail sent meanwhile shows). */
export const OUTBOX_REFRESH_MS = 10_000;

/** "Next try at 4:17 PM" (the store's time words); "Trying now" once it is due. */
export function nextTryText(iso: string, now: Date): string {
  const at = new Date(iso);
  return at.getTime() <= now.getTime() ? 'Trying now' : `Next try at ${storeDayTimeText(at, now)}`;
}

const attemptsText = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`;

/** The admin's Outbox: every mail the store sent, is sending, holds or gave up on. */
export default function OutboxScreen() {
  const { state, reload, setValue } = useLoad(staffAdminApi.outbox);
  const [announcement, announce] = useAnnouncement();
  // In place, without "Loading": the list stays where the admin was reading it.
  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      const value = await staffAdminApi.outbox(signal);
      setValue(() => value);
    },
    [setValue],
  );
  usePollWhileVisible(refresh, OUTBOX_REFRESH_MS);
  const retrying = useMutation(mailApi.retry, {
    fallback: 'The retry did not reach the server. Check the connection and try again.',
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const testing = useMutation(staffAdminApi.sendTestMail, {
    fallback: 'We could not queue the test mail. Please try again.',
  });

  const sendTest = async () => {
    const result = await testing.run();
    if (!result.ok) return;
    announce(`A test mail to ${result.value.to} is queued.`);
    reload();
  };

  const retry = async () => {
    const result = await retrying.run();
    if (!result.ok) return;
    announce(retriedText(result.value));
    void refresh().catch(() => undefined);
  };
  const retryable =
    state.kind === 'ready' &&
    state.value.sending &&
    state.value.mails.some((mail) => mail.status === 'queued' && mail.attempts > 0);
  return (
    <section className="staff-admin outbox-admin" aria-labelledby="outbox-title">
      <h1 id="outbox-title" ref={heading} tabIndex={-1}>
        Outbox
      </h1>
      <Announcer text={announcement} />
      <AdminLoadState
        state={state}
        loading="Loading the outbox..."
        adminOnly={OUTBOX_ADMIN_ONLY}
        failed="We could not load the outbox. Please try again."
        onRetry={reload}
      />
      {state.kind === 'ready' ? (
        <>
          {state.value.sending ? null : <p className="outbox-held-note">{HELD_EXPLAINED}</p>}
          {state.value.failing ? (
            <MailFailingBanner
              since={state.value.failing.since}
              lastError={state.value.failing.lastError}
              admin
              onOutbox
              onRetried={() => void refresh().catch(() => undefined)}
            />
          ) : null}
          <div className="outbox-actions">
            <button
              type="button"
              className="primary"
              onClick={() => void sendTest()}
              disabled={testing.pending}
            >
              {testing.pending ? 'Queueing...' : 'Send a test mail to me'}
            </button>
            {/* The banner has its own; here for a mail failing for less than ten minutes. */}
            {retryable && !state.value.failing ? (
              <button
                type="button"
                className="secondary"
                onClick={() => void retry()}
                disabled={retrying.pending}
              >
                {retrying.pending ? 'Retrying...' : 'Retry now'}
              </button>
            ) : null}
            <button type="button" className="secondary" onClick={reload}>
              Refresh
            </button>
          </div>
          {testing.problem ? <ErrorMessage>{testing.problem}</ErrorMessage> : null}
          {retrying.problem ? <ErrorMessage>{retrying.problem}</ErrorMessage> : null}
          {state.value.mails.length === 0 ? (
            <p>No mail yet.</p>
          ) : (
            <>
              <p className="outbox-count">
                The newest {Math.min(state.value.mails.length, OUTBOX_LIST_LIMIT)} mails, newest
                first.
              </p>
              <ul className="outbox-list" aria-label="Mails">
                {state.value.mails.map((mail) => (
                  <OutboxRow key={mail.id} mail={mail} />
                ))}
              </ul>
            </>
          )}
        </>
      ) : null}
    </section>
  );
}

function OutboxRow({ mail }: { mail: ApiOutboxMail }) {
  // The HTML part is loaded only once the mail is opened: a long list loads no frames.
  const [open, setOpen] = useState(false);
  const troubled = mail.status !== 'sent' && mail.lastError !== null;
  return (
    <li className={`outbox-mail status-${mail.status}`}>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className="outbox-subject">{mail.subject}</span>
          <span className="outbox-to">To {mail.to}</span>
          <span className={`outbox-status status-${mail.status}`}>{STATUS_NAMES[mail.status]}</span>
          <span className="outbox-when">{when(mail.createdAt)}</span>
          {mail.attempts > 0 && mail.status !== 'sent' ? (
            <span className="outbox-attempts">{attemptsText(mail.attempts)}</span>
          ) : null}
          {mail.nextAttemptAt && mail.attempts > 0 ? (
            <span className="outbox-next">{nextTryText(mail.nextAttemptAt, new Date())}</span>
          ) : null}
          {troubled ? <span className="outbox-error">Last error: {mail.lastError}</span> : null}
        </summary>
        <dl className="outbox-facts">
          <dt>Kind</dt>
          <dd>{mail.kind}</dd>
          <dt>Attempts</dt>
          <dd>{mail.attempts}</dd>
          {mail.sentAt ? (
            <>
              <dt>Sent</dt>
              <dd>{when(mail.sentAt)}</dd>
            </>
          ) : null}
        </dl>
        <h2 className="outbox-part">Text</h2>
        <pre className="outbox-text">{mail.text}</pre>
        <h2 className="outbox-part">HTML</h2>
        {open ? (
          // Its own document and policy (no script, no request): sandbox="" makes it inert here too.
          <iframe
            className="outbox-html"
            title={`HTML of the mail: ${mail.subject}`}
            src={staffAdminApi.mailHtmlUrl(mail.id)}
            sandbox=""
          />
        ) : null}
      </details>
    </li>
  );
}
