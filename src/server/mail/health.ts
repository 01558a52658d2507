/**
 * Whether mail is failing (issue 44), decided here only: the Outbox's banner, the staff bar's
 * and the docs all mean this. Mail is failing when a run of failed attempts has lasted
 * MAIL_FAILING_ALERT_MINUTES by the injectable clock with nothing sent since it began: the run
 * starts at the earliest first failure, among the mails still waiting, that came after the last
 * mail sent (mailOutboxRepository.failingSince). One mail sent ends the run (the server works
 * again); a mail that failed for good (status failed) is no longer waiting and ends its part.
 * Ten minutes, not the first failure: a relay that answers 421 for a minute is not news, while a
 * reset link (valid 30 minutes) waiting ten is.
 */
import { MAIL_FAILING_ALERT_MINUTES } from '../../domain';
import type { Queryable } from '../data/db';
import { mailOutboxRepository } from '../repositories/mail-outbox';

export interface MailFailing {
  since: Date;
  lastError: string | null;
}

/** The run of failures when it has lasted long enough to tell the owner; null otherwise. */
export async function mailFailing(db: Queryable, now: Date): Promise<MailFailing | null> {
  const run = await mailOutboxRepository(db).failingSince();
  if (!run) return null;
  const lasted = now.getTime() - run.since.getTime();
  return lasted >= MAIL_FAILING_ALERT_MINUTES * 60_000 ? run : null;
}
