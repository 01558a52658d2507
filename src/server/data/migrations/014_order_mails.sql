-- Order mails (issue 35). A customer may turn off the optional ones (ready for pickup, out for
-- delivery) in My Account; the receipt and the store's answer are always sent.
alter table users add column order_update_mails boolean not null default true;

-- The store's HST registration number, printed beside the tax on the receipt when given.
alter table store_settings add column hst_number text;

-- A mail that must exist once whichever server process queues it first (the owner's alert of an
-- order waiting unanswered, a store day's summary) carries a key; the insert is `on conflict do
-- nothing` (mail-outbox.ts `queueOnce`).
alter table mail_outbox add column once_key text;
create unique index mail_outbox_once on mail_outbox (once_key);
