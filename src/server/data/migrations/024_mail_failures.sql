-- Mail failures the owner can see (issue 44): when a mail first failed (the Outbox's "failing
-- for 10 minutes" banner counts from the first failure after the last mail sent, mail/health.ts)
-- and the end of an attempt's lease, so "Retry now" makes a waiting mail due without taking one
-- that a sender holds this moment. `last_error` now holds the failure in words (mail/failure-words.ts).
alter table mail_outbox add column first_failed_at timestamptz;
alter table mail_outbox add column leased_until timestamptz;
-- "Nothing sent since": the latest sent_at, read by the health check every poll.
create index mail_outbox_sent on mail_outbox (sent_at desc) where status = 'sent';
