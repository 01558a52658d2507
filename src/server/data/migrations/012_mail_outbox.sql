-- Outgoing mail as rows (issue: mail through a durable outbox). A mail is written in the same
-- transaction as what causes it (the order placed, the step changed, the reset asked for), so it
-- exists exactly when its cause committed; a sender delivers it afterwards (mail/sender.ts).
-- The row's id is the mail's Message-ID, so a retry after a crash is recognisable downstream.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  -- What the mail is (mail/outbox.ts MailKind): receipt, password-reset, ...
  kind text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  -- Whom and what it is about, when anyone: kept for the Outbox list and an account's deletion.
  user_id uuid references users(id) on delete set null,
  order_id uuid references orders(id) on delete set null,
  -- queued: waiting to be sent (or held, with no SMTP_URL); sent; failed: gave up after the bound.
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- The mail server's last answer to a failed attempt.
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'queued';
create index mail_outbox_newest on mail_outbox (created_at desc);
