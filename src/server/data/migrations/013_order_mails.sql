-- Order mails (issue 35). A customer may turn off the optional ones (ready for pickup, out for
-- delivery) in My Account; the receipt and the store's answer are always sent.
alter table users add column order_update_mails boolean not null default true;

-- The store's HST registration number, printed beside the tax on the receipt when given.
alter table store_settings add column hst_number text;

-- The owner is alerted once of an order waiting unanswered, whichever server process's sweep
-- sees it first (the insert's `on conflict do nothing`, mail-outbox.ts `queueOnce`).
create unique index mail_outbox_owner_alert_once on mail_outbox (order_id, kind)
  where kind = 'owner-unanswered';
