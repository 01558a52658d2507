/**
 * The admin's Outbox (issue 35): what went out, what is waiting, what failed and why, and a test
 * mail to check SMTP_URL from the staff app.
 */
import {
  OUTBOX_LIST_LIMIT,
  type ApiMailStatus,
  type ApiOutbox,
  type ApiOutboxMail,
  type ApiOutboxRetry,
} from '../../domain';
import type { AppContext } from '../context';
import { checkedId, HttpError } from '../http/errors';
import { mailOutboxRepository, type OutboxEntry } from '../repositories/mail-outbox';
import { storeRepository } from '../repositories/store';
import { mailFailing } from './health';
import { renderMail } from './render';

function present(entry: OutboxEntry, sending: boolean): ApiOutboxMail {
  const waiting = entry.status === 'queued' && sending;
  return {
    id: entry.id,
    kind: entry.kind,
    to: entry.to,
    subject: entry.subject,
    // Queued with no sender is kept, not waiting for one: the Outbox says so.
    status: entry.status === 'queued' && !sending ? 'held' : entry.status,
    attempts: entry.attempts,
    lastError: entry.lastError,
    nextAttemptAt: waiting ? entry.nextAttemptAt.toISOString() : null,
    createdAt: entry.createdAt.toISOString(),
    sentAt: entry.sentAt?.toISOString() ?? null,
    text: entry.text,
    html: entry.html,
  };
}

export async function listOutbox(ctx: AppContext): Promise<ApiOutbox> {
  const sending = ctx.mail !== null;
  const [entries, failing] = await Promise.all([
    mailOutboxRepository(ctx.db).newest(OUTBOX_LIST_LIMIT),
    mailFailing(ctx.db, ctx.clock.now()),
  ]);
  return {
    sending,
    failing: failing && { since: failing.since.toISOString(), lastError: failing.lastError },
    mails: entries.map((entry) => present(entry, sending)),
  };
}

/** For every staff member's bar: failing or not, without the failure's words (they may name a customer). */
export async function mailStatus(ctx: AppContext): Promise<ApiMailStatus> {
  const failing = await mailFailing(ctx.db, ctx.clock.now());
  return { failingSince: failing?.since.toISOString() ?? null };
}

/**
 * "Retry now" (the owner fixed SMTP_URL, or the provider is back): every waiting mail is due
 * now instead of after its backoff (up to an hour), and the sender is woken. Each retry is an
 * attempt like any other and counts toward the bound.
 */
export async function retryWaitingMails(ctx: AppContext): Promise<ApiOutboxRetry> {
  const retried = await mailOutboxRepository(ctx.db).retryNow(ctx.clock.now());
  ctx.mail?.wake();
  return { retried };
}

/**
 * The policy of a mail's HTML shown in the Outbox's frame: the mail's own inline styles and
 * nothing else (no script, no request anywhere: `default-src 'none'`, `sandbox`), framed by
 * the store's own pages only. A mail holds what customers typed (names, addresses), so even
 * escaped it is shown as an inert document, never inside the staff app's page.
 */
export const MAIL_PREVIEW_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox";

/** One mail's HTML part; 404 when there is no such mail. */
export async function mailHtml(ctx: AppContext, id: string): Promise<string> {
  const html = await mailOutboxRepository(ctx.db).htmlOf(checkedId(id, 'mail'));
  if (html === null) throw new HttpError(404, 'There is no such mail in the outbox.', 'not_found');
  return html;
}

/** Queues a test mail to `to` (the admin asking) and wakes the sender; the new mail as listed. */
export async function queueTestMail(
  ctx: AppContext,
  to: string,
  userId: string,
): Promise<ApiOutboxMail> {
  const store = await storeRepository(ctx.db).settings();
  const rendered = renderMail(
    {
      subject: `Test mail from ${store.name}`,
      blocks: [
        { kind: 'heading', text: 'Mail works' },
        {
          kind: 'paragraph',
          text: `This test was asked for from the staff Outbox. If you are reading it, ${store.name} can send its receipts, order updates and alerts.`,
        },
      ],
    },
    { name: store.name, phone: store.phone, pickupAddress: store.pickupAddress },
  );
  const outbox = mailOutboxRepository(ctx.db);
  const id = await outbox.queue({ kind: 'test', to, userId, ...rendered });
  ctx.mail?.wake();
  const entry = (await outbox.newest(OUTBOX_LIST_LIMIT)).find((mail) => mail.id === id);
  if (!entry) throw new Error('the queued test mail is missing');
  return present(entry, ctx.mail !== null);
}
