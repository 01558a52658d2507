/**
 * A real SMTP server on loopback for tests that send mail (the `smtp-server` package; mails
 * parsed by `mailparser`). Give the app `SMTP_URL: server.url` and read what arrived:
 *
 *   const smtp = await startSmtpServer();
 *   ... queue a mail ...
 *   const [mail] = await smtp.waitFor(1);          // parsed: from, to, subject, text, html
 *   smtp.countOf(mail.messageId);                  // how often that Message-ID arrived
 *   smtp.behave({ refuse: 450 });                  // from now on, refuse every recipient
 *   await smtp.close();                            // down: connections are refused
 *   await startSmtpServer({}, portOf(smtp));       // back, at the same SMTP_URL
 *
 * Behaviours (startSmtpServer's options, or `behave` later; `behave({})` accepts again):
 * - `refuse`: answer RCPT TO with this code (4xx: try later, 5xx: never); nothing arrives.
 * - `dropConnection`: close the socket at RCPT TO, with no answer; nothing arrives.
 * - `holdGreeting`: accept TCP but greet no one until `release()`; nothing is sent meanwhile.
 * - `answerDelayMs`: the mail is received (and counted) at once, its 250 answered this late.
 * A mail counts as received once its whole DATA has arrived, answered or not.
 */
import type { Server, Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpBehaviour {
  refuse?: number;
  dropConnection?: boolean;
  holdGreeting?: boolean;
  answerDelayMs?: number;
}

export interface ReceivedMail {
  /** As sent, with its angle brackets: `<id@domain>`. */
  messageId: string;
  /** The From header as text (`Name <address>`). */
  from: string;
  fromAddress: string;
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string;
  /** Every mail received, in order. */
  mails: ReceivedMail[];
  /** Resolves once at least `count` mails arrived (the first `count`); rejects after timeoutMs. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  countOf(messageId: string): number;
  /** Connections accepted so far (including refused and dropped attempts). */
  connections(): number;
  behave(behaviour: SmtpBehaviour): void;
  /** Greets the connections held by `holdGreeting` (and stops holding). */
  release(): void;
  close(): Promise<void>;
}

/** `port`: listen there (0: any free one); a test restarts a stopped server on its old port. */
export async function startSmtpServer(
  initial: SmtpBehaviour = {},
  port = 0,
): Promise<TestSmtpServer> {
  let behaviour = initial;
  const mails: ReceivedMail[] = [];
  const sockets = new Map<number, Socket>();
  const held: (() => void)[] = [];
  const waiters = new Set<() => void>();
  let connections = 0;
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    // Any user and password: tests check sending, not the relay's accounts.
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'test' });
    },
    onConnect(_session, callback) {
      connections += 1;
      if (behaviour.holdGreeting) held.push(() => callback());
      else callback();
    },
    onRcptTo(_address, session, callback) {
      if (behaviour.dropConnection) {
        sockets.get(session.remotePort)?.destroy();
        return;
      }
      if (behaviour.refuse !== undefined) {
        const error = Object.assign(
          new Error(behaviour.refuse >= 500 ? 'Mailbox unavailable' : 'Try again later'),
          { responseCode: behaviour.refuse },
        );
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const fromValue = parsed.from?.value[0];
          mails.push({
            messageId: parsed.messageId ?? '',
            from: parsed.from?.text ?? '',
            fromAddress: fromValue?.address ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          notify();
          const delay = behaviour.answerDelayMs ?? 0;
          if (delay > 0) setTimeout(() => callback(), delay);
          else callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });

  const net = await new Promise<Server>((resolve) => {
    const listening = server.listen(port, '127.0.0.1', () => resolve(listening));
  });
  net.on('connection', (socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    sockets.set(port, socket);
    socket.on('close', () => sockets.delete(port));
  });
  const address = net.address();
  if (!address || typeof address === 'string') throw new Error('The SMTP server has no port');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mails.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${mails.length} of ${count} mails arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    countOf: (messageId) => mails.filter((mail) => mail.messageId === messageId).length,
    connections: () => connections,
    behave(next) {
      behaviour = next;
    },
    release() {
      behaviour = { ...behaviour, holdGreeting: false };
      for (const greet of held.splice(0)) greet();
    },
    async close() {
      for (const socket of sockets.values()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The port of a server's `url`, to start it again there after `close`. */
export const portOf = (server: TestSmtpServer): number => Number(new URL(server.url).port);
