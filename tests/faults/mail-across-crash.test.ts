import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOutbox, ApiOutboxMail } from '../../src/domain';
import { mailOutboxRepository } from '../../src/server/repositories/mail-outbox';
import { FAULT_ADMIN, ServerProcess, freePort } from '../support/server-process';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { faultDatabase, type FaultDatabase, type FaultDatabaseKind } from './databases';
import { Client } from './http';

/**
 * The outbox's promise across crashes and processes (issue 35), through a real SMTP server that
 * counts Message-IDs: a SIGKILL between the claim and the send delivers the mail after the
 * restart exactly once; a SIGKILL while the SMTP server holds the mail unanswered delivers it
 * again after the restart under the same Message-ID (at least once, recognisably); and two
 * processes on one Postgres database never both send a row. The SMTP password never reaches a
 * log line.
 */

const SECRET = 'smtp-s3cret-pass';
/** A claim lasts twice this: the restarted server retries a crashed attempt 2 s later. */
const SEND_TIMEOUT_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function eventually(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(25);
  }
}

const idOf = (mail: { id: string }) => `<${mail.id}@localhost>`;

function envFor(data: FaultDatabase, smtp: TestSmtpServer): Record<string, string> {
  const url = new URL(smtp.url);
  url.username = 'mailer';
  url.password = SECRET;
  return { ...data.env, SMTP_URL: url.toString(), MAIL_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS) };
}

function expectNoSecret(server: ServerProcess): void {
  expect(JSON.stringify(server.logs)).not.toContain(SECRET);
  expect(server.other).not.toContain(SECRET);
}

describe.each<FaultDatabaseKind>(['pglite', 'postgres'])('mail across a crash (%s)', (kind) => {
  let data: FaultDatabase;
  let smtp: TestSmtpServer;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    data = await faultDatabase(kind);
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    if (server?.running) await server.stop();
    server = null;
  });
  afterAll(async () => {
    await smtp.close();
    await data.drop();
  });

  async function admin(base: string): Promise<Client> {
    const client = new Client(base);
    await client.ok('POST', '/api/auth/login', FAULT_ADMIN);
    return client;
  }

  it('sends a mail claimed before a SIGKILL exactly once after the restart', async () => {
    const port = await freePort();
    server = await ServerProcess.start({ port, env: envFor(data, smtp) });
    smtp.behave({ holdGreeting: true });
    const connectionsBefore = smtp.connections();
    const mail = await (
      await admin(server.base)
    ).ok<ApiOutboxMail>('POST', '/api/staff/outbox/test', undefined, 201);
    // Claimed and connecting: the server greets no one, so not a byte of the mail has gone.
    await eventually('the claim', () => smtp.connections() > connectionsBefore);
    server.kill('SIGKILL');
    await server.exited;
    expectNoSecret(server);
    smtp.release();
    expect(smtp.countOf(idOf(mail))).toBe(0);

    server = await ServerProcess.start({ port, env: envFor(data, smtp) });
    await eventually('the mail after the restart', () => smtp.countOf(idOf(mail)) > 0);
    const staff = await admin(server.base);
    let listed: ApiOutboxMail | undefined;
    for (let tries = 0; tries < 100 && listed?.status !== 'sent'; tries += 1) {
      listed = (await staff.ok<ApiOutbox>('GET', '/api/staff/outbox')).mails.find(
        (entry) => entry.id === mail.id,
      );
      if (listed?.status !== 'sent') await sleep(50);
    }
    expect(listed).toMatchObject({ status: 'sent', attempts: 2 });
    // Past another claim's length: nothing else comes for it.
    await sleep(3 * SEND_TIMEOUT_MS);
    expect(smtp.countOf(idOf(mail))).toBe(1);
    expectNoSecret(server);
  });

  it('sends a mail again, with the same Message-ID, when the crash came before the answer', async () => {
    const port = await freePort();
    server = await ServerProcess.start({ port, env: envFor(data, smtp) });
    smtp.behave({ answerDelayMs: 10_000 });
    const mail = await (
      await admin(server.base)
    ).ok<ApiOutboxMail>('POST', '/api/staff/outbox/test', undefined, 201);
    // The SMTP server has the whole mail; our server still waits for its 250.
    await eventually('the mail received', () => smtp.countOf(idOf(mail)) === 1);
    server.kill('SIGKILL');
    await server.exited;
    smtp.behave({});

    server = await ServerProcess.start({ port, env: envFor(data, smtp) });
    await eventually('the mail again after the restart', () => smtp.countOf(idOf(mail)) === 2);
    await sleep(3 * SEND_TIMEOUT_MS);
    expect(smtp.countOf(idOf(mail))).toBe(2);
    expectNoSecret(server);
  });
});

describe('two server processes on one Postgres database', () => {
  let data: FaultDatabase;
  let smtp: TestSmtpServer;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    data = await faultDatabase('postgres');
    smtp = await startSmtpServer({ answerDelayMs: 20 });
  });
  afterAll(async () => {
    for (const server of servers) if (server.running) await server.stop();
    await smtp.close();
    await data.drop();
  });

  it('never both send one row: each Message-ID arrives exactly once', async () => {
    const env = envFor(data, smtp);
    servers.push(await ServerProcess.start({ port: await freePort(), env }));
    servers.push(await ServerProcess.start({ port: await freePort(), env }));
    // A backlog committed at once, so both senders find it on their next poll and drain it
    // together, each claiming the head of the same queue.
    const db = await data.open();
    const queued = await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let n = 0; n < 100; n += 1) {
        ids.push(
          await mailOutboxRepository(tx).queue({
            kind: 'test',
            to: `backlog-${n}@example.com`,
            subject: `Backlog ${n}`,
            text: `Mail ${n}`,
            html: `<p>Mail ${n}</p>`,
          }),
        );
      }
      return ids.map((id) => ({ id }));
    });
    await db.close();
    await smtp.waitFor(queued.length, 30_000);
    await sleep(3 * SEND_TIMEOUT_MS);
    expect(smtp.mails.length).toBe(queued.length);
    for (const mail of queued) expect(smtp.countOf(idOf(mail)), mail.id).toBe(1);
    // Both took part: the claims really raced.
    const senders = servers.filter((server) =>
      server.logs.some((line) => line.msg === 'mail sent'),
    );
    expect(senders.length).toBe(2);
  });
});
