import { useRef, useState } from 'react';
import type { ApiOutboxMail } from '../../../domain/api-types';
import { OUTBOX_LIST_LIMIT } from '../../../domain/mail';
import { ErrorMessage } from '../../shared/ui';
import { useMutation } from '../../shared/use-mutation';
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

/** The admin's Outbox: every mail the store sent, is sending, holds or gave up on. */
export default function OutboxScreen() {
  const { state, reload } = useLoad(staffAdminApi.outbox);
  const [announcement, announce] = useAnnouncement();
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
          <div className="outbox-actions">
            <button
              type="button"
              className="primary"
              onClick={() => void sendTest()}
              disabled={testing.pending}
            >
              {testing.pending ? 'Queueing...' : 'Send a test mail to me'}
            </button>
            <button type="button" className="secondary" onClick={reload}>
              Refresh
            </button>
          </div>
          {testing.problem ? <ErrorMessage>{testing.problem}</ErrorMessage> : null}
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
  return (
    <li className={`outbox-mail status-${mail.status}`}>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className="outbox-subject">{mail.subject}</span>
          <span className="outbox-to">To {mail.to}</span>
          <span className={`outbox-status status-${mail.status}`}>{STATUS_NAMES[mail.status]}</span>
          <span className="outbox-when">{when(mail.createdAt)}</span>
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
          {mail.lastError ? (
            <>
              <dt>Mail server&apos;s answer</dt>
              <dd>{mail.lastError}</dd>
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
