/**
 * The admin's Outbox (issue 35): what went out, what is waiting, what failed and why, and a test
 * mail to check SMTP_URL from the staff app.
 */
import { OUTBOX_LIST_LIMIT, type ApiOutbox, type ApiOutboxMail } from '../../domain';
import type { AppContext } from '../context';
import { checkedId, HttpError } from '../http/errors';
import { mailOutboxRepository, type OutboxEntry } from '../repositories/mail-outbox';
import { storeRepository } from '../repositories/store';
import { renderMail } from './render';

function present(entry: OutboxEntry, sending: boolean): ApiOutboxMail {
  return {
    id: entry.id,
    kind: entry.kind,
    to: entry.to,
    subject: entry.subject,
    // Queued with no sender is kept, not waiting for one: the Outbox says so.
    status: entry.status === 'queued' && !sending ? 'held' : entry.status,
    attempts: entry.attempts,
    lastError: entry.lastError,
    createdAt: entry.createdAt.toISOString(),
    sentAt: entry.sentAt?.toISOString() ?? null,
    text: entry.text,
    html: entry.html,
  };
}

export async function listOutbox(ctx: AppContext): Promise<ApiOutbox> {
  const sending = ctx.mail !== null;
  const entries = await mailOutboxRepository(ctx.db).newest(OUTBOX_LIST_LIMIT);
  return { sending, mails: entries.map((entry) => present(entry, sending)) };
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
