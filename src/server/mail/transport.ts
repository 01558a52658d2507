/**
 * The one way mail leaves the process: SMTP through nodemailer, behind a small interface so the
 * sender (mail/sender.ts) only ever sees "sent" or "failed, temporarily or for good, with the
 * server's answer". Nothing else in the server imports nodemailer.
 */
import { createTransport } from 'nodemailer';
import type { NodemailerError } from 'nodemailer/lib/errors';
import { failureInWords, noAnswerWithin } from './failure-words';

export interface TransportMail {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<id@domain>`, the same on every attempt, so a resent mail is recognisable. */
  messageId: string;
}

export type SendOutcome =
  { ok: true; answer: string } | { ok: false; kind: 'temporary' | 'permanent'; answer: string };

export interface MailTransport {
  send(mail: TransportMail): Promise<SendOutcome>;
  close(): void;
}

/** SMTP_URL as a log may show it: scheme, host and port, never the user or password. */
export function describeSmtp(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  } catch {
    return 'the configured SMTP_URL';
  }
}

/** Keeps SMTP_URL's password out of a message, should a server or library ever echo it. */
function scrubSmtp(message: string, url: string): string {
  let secrets: string[] = [];
  try {
    const parsed = new URL(url);
    secrets = [decodeURIComponent(parsed.password), parsed.password].filter(Boolean);
  } catch {
    return message;
  }
  return secrets.reduce((text, secret) => text.split(secret).join('***'), message);
}

function isNodemailerError(error: unknown): error is NodemailerError {
  return error instanceof Error;
}

/**
 * What went wrong in the owner's words (failure-words.ts: the server's reply line kept when it
 * gave one), and whether trying again can help: a 5xx reply (except 503, see nodemailer's
 * `permanent`) says the same mail will be refused again; everything else (4xx, a dropped or
 * refused connection, a timeout) may pass later.
 */
function outcomeOf(error: unknown, url: string): SendOutcome {
  if (!isNodemailerError(error)) {
    return { ok: false, kind: 'temporary', answer: failureInWords({ message: String(error) }) };
  }
  const answer = scrubSmtp(failureInWords(error), url);
  return { ok: false, kind: error.permanent === true ? 'permanent' : 'temporary', answer };
}

/**
 * A transport for SMTP_URL. Every wait is bounded by `timeoutMs` (connecting, the greeting, an
 * idle socket), and a whole attempt too: past it the attempt counts as a temporary failure, so
 * the sender's claim (twice this) never runs out while an attempt is still under way.
 */
export function smtpTransport(url: string, timeoutMs: number): MailTransport {
  const transporter = createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  return {
    async send(mail) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<SendOutcome>((resolve) => {
        timer = setTimeout(
          () => resolve({ ok: false, kind: 'temporary', answer: noAnswerWithin(timeoutMs) }),
          timeoutMs,
        );
      });
      const attempt = transporter
        .sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
        })
        .then(
          (info): SendOutcome => ({ ok: true, answer: scrubSmtp(info.response, url) }),
          (error: unknown) => outcomeOf(error, url),
        );
      try {
        return await Promise.race([attempt, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transporter.close();
    },
  };
}
