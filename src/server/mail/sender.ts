/**
 * Delivers the outbox (migration 012): every queued mail, at least once, with retries and
 * backoff, across restarts, from every server process without two sending one row.
 *
 * Claim, send, mark. A claim is one statement (mailOutboxRepository.claimNext): the due row is
 * taken `for update skip locked` and leased, its next_attempt_at moved to now + twice
 * sendTimeoutMs and its attempts counted, then committed at once. The send runs outside any
 * transaction (data/db.ts: nothing but the database inside one; on PGlite a transaction open for
 * an SMTP round trip would stall every request, its one connection being busy). The lease is
 * what protects the row meanwhile: no other sender finds it due before the lease ends, and an
 * attempt ends (sent, refused or timed out: mail/transport.ts) within sendTimeoutMs, half the
 * lease, so a lease never runs out under an attempt still going.
 *
 * A crash anywhere leaves the row queued: before the send, it is sent once its lease ends; after
 * the server took the mail but before the mark, it is sent again with the same Message-ID
 * (`<row id@domain of MAIL_FROM>`), which a receiver can recognise. Never lost, at worst twice.
 *
 * A failed attempt waits firstBackoffMs, doubling each time up to maxBackoffMs, and after
 * maxAttempts the mail is marked failed with the last failure in words (shown in the Outbox). A
 * 5xx answer is the server refusing this mail for good (no such mailbox, policy), so repeating
 * it for hours only hides the failure from the owner; it still gets maxPermanentAttempts rather
 * than one, because a misconfigured relay (530 authentication required, 550 relaying denied)
 * answers 5xx to every mail until the owner fixes SMTP_URL, and those minutes should not lose
 * everything queued meanwhile.
 *
 * Waking: a poll every pollMs (an indexed read of the due rows, cheap), plus `wake()` for this
 * process's own queueing. A NOTIFY from `queue` would reach the other processes sooner, but the
 * poll already bounds the delay to a second and needs nothing to reconnect. The injectable clock
 * decides what is due and when a retry comes, so tests move time instead of waiting.
 */
import type { Clock } from '../clock';
import { DEFAULT_MAIL_ADDRESS, type MailConfig } from '../config';
import type { Database } from '../data/db';
import { mailOutboxRepository, type ClaimedMail } from '../repositories/mail-outbox';
import { storeRepository } from '../repositories/store';
import type { MailTransport, TransportMail } from './transport';

export interface SenderLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MailSender {
  /** Sends what is due now, then every pollMs until `stop`. */
  start(): void;
  /** Looks for due mails now (a mail was just queued). */
  wake(): void;
  /** Sends every mail due now, one at a time; resolves to how many attempts were made. */
  drain(): Promise<number>;
  /** Stops the timer and waits for an attempt under way, so the database can close after it. */
  stop(): Promise<void>;
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(config: MailConfig, attempts: number): number {
  const doubled = config.firstBackoffMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(config.maxBackoffMs, doubled);
}

/** `<row id@domain>`: the same on every attempt of one row. */
export function messageIdOf(id: string, config: MailConfig): string {
  return `<${id}@${config.messageIdDomain}>`;
}

export function createMailSender(options: {
  db: Database;
  clock: Clock;
  config: MailConfig;
  transport: MailTransport;
  log?: SenderLog;
}): MailSender {
  const { db, clock, config, transport, log } = options;
  const outbox = mailOutboxRepository(db);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  const halted = () => stopped;

  async function fromOf(): Promise<TransportMail['from']> {
    if (config.from) return config.from;
    const store = await storeRepository(db).settings();
    return { name: store.name, address: DEFAULT_MAIL_ADDRESS };
  }

  async function attempt(mail: ClaimedMail): Promise<void> {
    const outcome = await transport.send({
      from: await fromOf(),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: messageIdOf(mail.id, config),
    });
    const now = clock.now();
    if (outcome.ok) {
      await outbox.markSent(mail.id, now);
      // The id and kind only: the address and the text are the customer's.
      log?.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts }, 'mail sent');
      return;
    }
    const bound = outcome.kind === 'permanent' ? config.maxPermanentAttempts : config.maxAttempts;
    if (mail.attempts >= bound) {
      await outbox.markFailed(mail.id, outcome.answer, now);
      log?.warn(
        { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, answer: outcome.answer },
        'mail failed for good',
      );
      return;
    }
    const retryAt = new Date(now.getTime() + backoffMs(config, mail.attempts));
    await outbox.retryLater(mail.id, retryAt, outcome.answer, now);
    log?.info(
      { mailId: mail.id, attempts: mail.attempts, retryAt, answer: outcome.answer },
      'mail attempt failed; will retry',
    );
  }

  async function drainAll(): Promise<number> {
    let attempts = 0;
    while (!halted()) {
      const now = clock.now();
      const mail = await outbox.claimNext(now, new Date(now.getTime() + 2 * config.sendTimeoutMs));
      if (!mail) break;
      attempts += 1;
      await attempt(mail);
    }
    return attempts;
  }

  function drain(): Promise<number> {
    if (running) {
      // A mail queued during a drain may have been passed by its claim: one more round after.
      again = true;
      return running;
    }
    running = drainAll()
      .finally(() => {
        running = null;
      })
      .then((count) => {
        if (again && !halted()) {
          again = false;
          return drain().then((more) => count + more);
        }
        return count;
      });
    return running;
  }

  function tick(): void {
    drain().catch((error: unknown) => {
      // The database or the mail server is away: the next tick tries again.
      log?.warn({ err: error }, 'mail sender round failed');
    });
  }

  return {
    start() {
      if (timer || stopped) return;
      tick();
      timer = setInterval(tick, config.pollMs);
      timer.unref();
    },
    wake() {
      if (!stopped && timer) tick();
    },
    drain,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}
