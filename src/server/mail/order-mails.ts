/**
 * The customer's order mails as rows to queue: each rendered now (so a retry sends the same
 * bytes) and addressed to the order's account email. Queued by the statement that records the
 * change (orderEventsRepository.record), so a mail exists exactly when its change committed.
 */
import type { MailKind, QueuedMail } from '../repositories/mail-outbox';
import type { OrderRecord } from '../repositories/orders';
import { renderMail, type MailContent, type MailStore } from './render';

export function orderMail({
  kind,
  order,
  content,
  store,
  optional = false,
}: {
  kind: MailKind;
  order: OrderRecord;
  content: MailContent;
  store: MailStore;
  /** A mail the customer may turn off in My Account (ready, out for delivery). */
  optional?: boolean;
}): QueuedMail {
  const { subject, text, html } = renderMail(content, store);
  return {
    kind,
    to: order.customer.email,
    subject,
    text,
    html,
    userId: order.userId,
    orderId: order.id,
    optional,
  };
}

/** A mail to the owner about the store (the day's summary), addressed to `to`. */
export function storeMail({
  kind,
  to,
  content,
  store,
}: {
  kind: MailKind;
  to: string;
  content: MailContent;
  store: MailStore;
}): QueuedMail {
  const { subject, text, html } = renderMail(content, store);
  return { kind, to, subject, text, html, userId: null, orderId: null };
}

/** A mail to the owner about an order (unanswered, missed), addressed to `to`. */
export function ownerMail({
  kind,
  to,
  order,
  content,
  store,
}: {
  kind: MailKind;
  to: string;
  order: OrderRecord;
  content: MailContent;
  store: MailStore;
}): QueuedMail {
  const { subject, text, html } = renderMail(content, store);
  return { kind, to, subject, text, html, userId: null, orderId: order.id };
}

/** Only the profile's parts a mail prints, so a settings object passes without its other fields. */
export const mailStoreOf = ({ name, phone, pickupAddress }: MailStore): MailStore => ({
  name,
  phone,
  pickupAddress,
});
