import { useState } from 'react';
import { Link } from 'react-router';
import { storeDayTimeText, type ApiMailStatus, type ApiOutboxRetry } from '../../domain';
import { api } from './api';
import { staffUrls } from './urls';
import { useMutation } from './use-mutation';
import './mail-failing.css';

/**
 * Mail that has been failing (issue 44; what "failing" means is the server's, mail/health.ts):
 * the banner the Outbox shows with the failure's words, and the staff bar on every other staff
 * screen. It says what to do, not only that something is wrong: a reset link lasts 30 minutes.
 */
export const mailApi = {
  status: (signal?: AbortSignal) => api<ApiMailStatus>('/api/staff/mail-status', { signal }),
  retry: () => api<ApiOutboxRetry>('/api/staff/outbox/retry', { method: 'POST' }),
};

export const MAIL_FAILING_TITLE = 'Mail is not going out';
export const MAIL_FAILING_TODO =
  'Check SMTP_URL in the server’s settings (host, port, user name and password) and your mail provider’s status page, then press Retry now.';
export const MAIL_FAILING_TELL_OWNER = 'Tell the store’s owner: the Outbox says what to fix.';

/** "3 waiting mails are being tried now.": Retry now's result, shown and announced. */
export function retriedText({ retried }: ApiOutboxRetry): string {
  if (retried === 0) return 'No mail was waiting: nothing to retry.';
  return `${retried} waiting ${retried === 1 ? 'mail is' : 'mails are'} being tried now.`;
}

/** "Retry now": every waiting mail due at once; `onRetried` reloads what the screen shows. */
function RetryNow({ onRetried }: { onRetried?: (() => void) | undefined }) {
  const [result, setResult] = useState('');
  const retrying = useMutation(mailApi.retry, {
    fallback: 'The retry did not reach the server. Check the connection and try again.',
  });
  const retry = async () => {
    setResult('');
    const outcome = await retrying.run();
    if (!outcome.ok) return;
    setResult(retriedText(outcome.value));
    onRetried?.();
  };
  return (
    <div className="mail-failing-retry">
      <button
        type="button"
        className="primary"
        disabled={retrying.pending}
        onClick={() => void retry()}
      >
        {retrying.pending ? 'Retrying...' : 'Retry now'}
      </button>
      <p role="status" className="mail-failing-result">
        {retrying.problem ?? result}
      </p>
    </div>
  );
}

export function MailFailingBanner({
  since,
  lastError = null,
  admin,
  onOutbox = false,
  onRetried,
}: {
  /** ISO 8601: the first failure of the run. */
  since: string;
  /** The newest failure in words (the admin's Outbox only: it may name a customer). */
  lastError?: string | null;
  admin: boolean;
  /** Shown on the Outbox itself: no link to it. */
  onOutbox?: boolean;
  onRetried?: () => void;
}) {
  const sinceText = storeDayTimeText(new Date(since), new Date());
  return (
    <section
      className="mail-failing"
      aria-labelledby="mail-failing-title"
      data-testid="mail-failing"
    >
      <h2 id="mail-failing-title">{MAIL_FAILING_TITLE}</h2>
      <p>
        Every attempt to send mail since {sinceText} has failed: customers are not getting their
        receipts, order updates or password reset links.
      </p>
      {lastError ? (
        <p>
          <strong>Last error:</strong> {lastError}
        </p>
      ) : null}
      {admin ? (
        <>
          <p>{MAIL_FAILING_TODO}</p>
          <div className="mail-failing-actions">
            <RetryNow onRetried={onRetried} />
            {onOutbox ? null : (
              <Link className="button secondary-link" to={staffUrls.outbox()}>
                Open the Outbox
              </Link>
            )}
          </div>
        </>
      ) : (
        <p>{MAIL_FAILING_TELL_OWNER}</p>
      )}
    </section>
  );
}
