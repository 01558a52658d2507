import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_FAILING_ALERT_MINUTES,
  type ApiErrorBody,
  type ApiMailStatus,
  type ApiOutbox,
  type ApiOutboxMail,
  type ApiOutboxRetry,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { loadConfig, type MailConfig } from '../../src/server/config';
import { renderMail } from '../../src/server/mail/render';
import { mailOutboxRepository } from '../../src/server/repositories/mail-outbox';
import { OPEN_TUESDAY, call, type Account } from '../support/orders';
import { portOf, startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { storeTest } from '../support/store-test';
import { TEST_ADMIN } from '../support/users';
import type { TestApp } from '../support/test-app';

/**
 * The outbox's sending half (issue 35), through a real SMTP server on loopback: a queued mail
 * arrives whole; refusals and dropped connections are retried with backoff (the injectable
 * clock moves, nobody waits) and end as failed with the server's answer; without SMTP_URL the
 * mails are held and the admin's Outbox lists them.
 */

const STORE = { name: 'Slice Shop', phone: '519-555-0199', pickupAddress: '1 Main St, Guelph ON' };
const FIRST_BACKOFF = 60_000;
const SEND_TIMEOUT = 3_000;
const LEASE = 2 * SEND_TIMEOUT;

/** MAIL_FROM and SMTP_URL read as the server reads them, with quick tests' timings. */
function mailConfig(env: Record<string, string>): MailConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', ...env }).mail,
    pollMs: 50,
    firstBackoffMs: FIRST_BACKOFF,
    maxAttempts: 3,
    maxPermanentAttempts: 2,
    sendTimeoutMs: SEND_TIMEOUT,
  };
}

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
  sent_at: Date | string | null;
}

async function rowOf(t: Pick<TestApp, 'app' | 'db'>, id: string): Promise<Row> {
  const rows = await t.db.query<Row>(
    'select status, attempts, last_error, next_attempt_at, sent_at from mail_outbox where id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** Polls the row until `done` holds (the sender runs on its own timer). */
async function until(
  t: Pick<TestApp, 'app' | 'db'>,
  id: string,
  done: (row: Row) => boolean,
): Promise<Row> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await rowOf(t, id);
    if (done(row)) return row;
    if (Date.now() > deadline) throw new Error(`row ${id} stayed ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The row once attempt `attempts` is over: counted and its retry planned, no longer under the
 * claim's lease (now + twice sendTimeoutMs), which a claim sets before the attempt starts.
 */
function attemptOver(
  t: Pick<TestApp, 'app' | 'db'>,
  id: string,
  attempts: number,
  now: () => Date,
): Promise<Row> {
  return until(
    t,
    id,
    (r) =>
      r.status !== 'queued' ||
      (r.attempts === attempts &&
        r.last_error !== null &&
        new Date(r.next_attempt_at).getTime() !== now().getTime() + LEASE),
  );
}

async function queue(t: Pick<TestApp, 'app' | 'db'>, to: string, subject: string): Promise<string> {
  const rendered = renderMail(
    {
      subject,
      blocks: [
        { kind: 'heading', text: 'Your order is in' },
        { kind: 'paragraph', text: `Order for ${to}: two slices.` },
      ],
    },
    STORE,
  );
  return mailOutboxRepository(t.db).queue({ kind: 'receipt', to, ...rendered });
}

const error = (response: { json: () => unknown }) => response.json() as ApiErrorBody;

describe('sending through SMTP', () => {
  const clock = fixedClock(OPEN_TUESDAY);
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  const t = storeTest({
    clock,
    config: () => ({
      mail: mailConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Slice Shop <orders@slice.example>' }),
    }),
    accounts: { admin: 'owner' },
  });
  const { admin } = t.accounts;

  it('delivers a queued mail with both parts, its recipient, subject and From, and a Message-ID of its row', async () => {
    const before = smtp.mails.length;
    const id = await queue(t, 'ann@example.com', 'Your receipt');
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.to).toEqual(['ann@example.com']);
    expect(mail?.subject).toBe('Your receipt');
    expect(mail?.from).toBe('"Slice Shop" <orders@slice.example>');
    expect(mail?.messageId).toBe(`<${id}@slice.example>`);
    expect(mail?.text).toContain('Order for ann@example.com: two slices.');
    expect(mail?.text).toContain(STORE.phone);
    expect(mail?.html).toContain('Order for ann@example.com: two slices.');
    expect(mail?.html).toContain('<h1');
    const row = await until(t, id, (r) => r.status === 'sent');
    expect(row.attempts).toBe(1);
    expect(new Date(row.sent_at ?? 0).toISOString()).toBe(clock.now().toISOString());

    const outbox = (await call(t.app, admin, 'GET', '/api/staff/outbox')).json<ApiOutbox>();
    expect(outbox.sending).toBe(true);
    expect(outbox.mails.find((entry) => entry.id === id)).toMatchObject({
      kind: 'receipt',
      to: 'ann@example.com',
      subject: 'Your receipt',
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: clock.now().toISOString(),
    });
  });

  it('retries a 4xx answer with a doubling backoff, then marks the mail failed with the answer', async () => {
    smtp.behave({ refuse: 451 });
    const before = smtp.mails.length;
    const id = await queue(t, 'bo@example.com', 'Refused for now');
    let row = await attemptOver(t, id, 1, () => clock.now());
    expect(row.status).toBe('queued');
    expect(row.last_error).toContain('451');
    expect(new Date(row.next_attempt_at).getTime()).toBe(clock.now().getTime() + FIRST_BACKOFF);

    clock.advance(FIRST_BACKOFF - 1_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await rowOf(t, id)).attempts).toBe(1);

    clock.advance(1_000);
    row = await attemptOver(t, id, 2, () => clock.now());
    expect(new Date(row.next_attempt_at).getTime()).toBe(clock.now().getTime() + 2 * FIRST_BACKOFF);
    clock.advance(2 * FIRST_BACKOFF);
    row = await until(t, id, (r) => r.status !== 'queued');
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.last_error).toContain('451');
    expect(smtp.mails.length).toBe(before);

    const listed = (await call(t.app, admin, 'GET', '/api/staff/outbox'))
      .json<ApiOutbox>()
      .mails.find((entry) => entry.id === id);
    expect(listed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(listed?.lastError).toContain('451');
    smtp.behave({});
  });

  it('gives a 5xx answer fewer attempts before failing it', async () => {
    smtp.behave({ refuse: 550 });
    const id = await queue(t, 'cy@example.com', 'Refused for good');
    await attemptOver(t, id, 1, () => clock.now());
    clock.advance(FIRST_BACKOFF);
    const row = await until(t, id, (r) => r.status !== 'queued');
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row.last_error).toContain('550');
    smtp.behave({});
  });

  it('retries a dropped connection and delivers once the server takes the mail', async () => {
    smtp.behave({ dropConnection: true });
    const before = smtp.mails.length;
    const id = await queue(t, 'di@example.com', 'Dropped, then sent');
    const row = await attemptOver(t, id, 1, () => clock.now());
    expect(row.status).toBe('queued');
    expect(smtp.mails.length).toBe(before);

    smtp.behave({});
    clock.advance(FIRST_BACKOFF);
    await until(t, id, (r) => r.status === 'sent');
    expect(smtp.countOf(`<${id}@slice.example>`)).toBe(1);
    expect((await rowOf(t, id)).attempts).toBe(2);
  });

  it('marks a mail failed after the bound when every connection is dropped', async () => {
    smtp.behave({ dropConnection: true });
    const id = await queue(t, 'ed@example.com', 'Always dropped');
    await attemptOver(t, id, 1, () => clock.now());
    clock.advance(FIRST_BACKOFF);
    await attemptOver(t, id, 2, () => clock.now());
    clock.advance(2 * FIRST_BACKOFF);
    const row = await until(t, id, (r) => r.status !== 'queued');
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.last_error).toMatch(/closed|ECONNECTION|ESOCKET/i);
    smtp.behave({});
  });

  it('sends the admin a test mail from the Outbox', async () => {
    const before = smtp.mails.length;
    const response = await call(t.app, admin, 'POST', '/api/staff/outbox/test');
    expect(response.statusCode, response.body).toBe(201);
    const queued = response.json<ApiOutboxMail>();
    expect(queued).toMatchObject({ kind: 'test', to: TEST_ADMIN.email, status: 'queued' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.to).toEqual([TEST_ADMIN.email]);
    expect(mail?.messageId).toBe(`<${queued.id}@slice.example>`);
    expect(mail?.subject).toBe(queued.subject);
  });
});

describe('a mail server that is down (issue 44: failures the owner sees)', () => {
  const clock = fixedClock(OPEN_TUESDAY);
  const ALERT_MS = MAIL_FAILING_ALERT_MINUTES * 60_000;
  let smtp: TestSmtpServer;
  let port: number;

  beforeAll(async () => {
    // Started for a free port, then stopped: every connection to SMTP_URL is refused.
    smtp = await startSmtpServer();
    port = portOf(smtp);
    await smtp.close();
  });
  afterAll(() => smtp.close());
  const t = storeTest({
    clock,
    config: () => ({ mail: { ...mailConfig({ SMTP_URL: smtp.url }), maxAttempts: 8 } }),
    accounts: { admin: 'owner', staff: 'staff' },
  });
  const { admin, staff } = t.accounts;

  const outbox = async () =>
    (await call(t.app, admin, 'GET', '/api/staff/outbox')).json<ApiOutbox>();
  const status = async (who: Account) => {
    const response = await call(t.app, who, 'GET', '/api/staff/mail-status');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApiMailStatus>();
  };

  it('lists the attempts, the failure in words and the next try; says failing after ten minutes; Retry now sends once the server is back', async () => {
    const started = clock.now();
    const id = await queue(t, 'hal@example.com', 'Your reset link');
    await attemptOver(t, id, 1, () => clock.now());

    let listed = (await outbox()).mails.find((mail) => mail.id === id);
    expect(listed).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'The mail server refused the connection (check the host and port in SMTP_URL)',
      nextAttemptAt: new Date(started.getTime() + FIRST_BACKOFF).toISOString(),
    });
    expect((await outbox()).failing).toBeNull();
    expect(await status(staff)).toEqual({ failingSince: null });

    // A minute short of the alert the retries go on failing, and it is not yet news.
    clock.advance(ALERT_MS - 1);
    await attemptOver(t, id, 2, () => clock.now());
    expect((await outbox()).failing).toBeNull();
    expect(await status(admin)).toEqual({ failingSince: null });

    clock.advance(1);
    expect((await outbox()).failing).toEqual({
      since: started.toISOString(),
      lastError: 'The mail server refused the connection (check the host and port in SMTP_URL)',
    });
    // Every staff member's bar hears of it, without the failure's words.
    expect(await status(staff)).toEqual({ failingSince: started.toISOString() });

    // Retry now while still down: due at once, tried at once (no clock moved), failed again.
    const before = await rowOf(t, id);
    expect(new Date(before.next_attempt_at).getTime()).toBeGreaterThan(clock.now().getTime());
    let retry = await call(t.app, admin, 'POST', '/api/staff/outbox/retry');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<ApiOutboxRetry>()).toEqual({ retried: 1 });
    await attemptOver(t, id, before.attempts + 1, () => clock.now());

    // The server is back at the same SMTP_URL: Retry now sends it, and the banner ends.
    smtp = await startSmtpServer({}, port);
    retry = await call(t.app, admin, 'POST', '/api/staff/outbox/retry');
    expect(retry.json<ApiOutboxRetry>()).toEqual({ retried: 1 });
    const sent = await until(t, id, (r) => r.status === 'sent');
    expect(sent.attempts).toBe(before.attempts + 2);
    expect(smtp.mails.map((mail) => mail.subject)).toEqual(['Your reset link']);
    listed = (await outbox()).mails.find((mail) => mail.id === id);
    expect(listed).toMatchObject({ status: 'sent', lastError: null, nextAttemptAt: null });
    expect((await outbox()).failing).toBeNull();
    expect(await status(staff)).toEqual({ failingSince: null });
    expect((await call(t.app, admin, 'POST', '/api/staff/outbox/retry')).json()).toEqual({
      retried: 0,
    });
  });

  it('counts a run of failures from the first one after the last mail sent', async () => {
    // The server works (the last test left it up); a mail goes out now.
    const ok = await queue(t, 'ida@example.com', 'Sent fine');
    await until(t, ok, (r) => r.status === 'sent');
    clock.advance(60_000);
    await smtp.close();
    const runStart = clock.now();
    const id = await queue(t, 'jo@example.com', 'Waits');
    await attemptOver(t, id, 1, () => clock.now());
    clock.advance(ALERT_MS - 1);
    expect((await outbox()).failing).toBeNull();
    clock.advance(1);
    expect((await outbox()).failing?.since).toBe(runStart.toISOString());
    smtp = await startSmtpServer({}, port);
  });
});

describe('without SMTP_URL', () => {
  const t = storeTest({
    clock: null,
    config: { mail: { ...mailConfig({}) } },
    accounts: { admin: 'owner', staff: 'staff', customer: 'customer' },
  });
  const { admin, staff, customer } = t.accounts;

  it('keeps every mail queued and lists it as held, with its text, newest first', async () => {
    const first = await queue(t, 'fay@example.com', 'First held');
    const response = await call(t.app, admin, 'POST', '/api/staff/outbox/test');
    expect(response.statusCode, response.body).toBe(201);
    const test = response.json<ApiOutboxMail>();
    expect(test.status).toBe('held');
    expect(test.text).toContain('Mail works');

    await new Promise((resolve) => setTimeout(resolve, 300));
    const outbox = (await call(t.app, admin, 'GET', '/api/staff/outbox')).json<ApiOutbox>();
    expect(outbox.sending).toBe(false);
    expect(outbox.mails.map((mail) => mail.id).slice(0, 2)).toEqual([test.id, first]);
    expect(outbox.mails[1]).toMatchObject({
      to: 'fay@example.com',
      subject: 'First held',
      status: 'held',
      attempts: 0,
      sentAt: null,
    });
    expect(outbox.mails[1]?.text).toContain('Order for fay@example.com');
    expect(outbox.mails[1]?.html).toContain('Order for fay@example.com');
    expect(await rowOf(t, first)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it("serves a mail's HTML part as an inert document for the Outbox's frame", async () => {
    const id = await queue(t, 'gus@example.com', 'Previewed');
    const response = await call(t.app, admin, 'GET', `/api/staff/outbox/${id}/html`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Order for gus@example.com');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('sandbox');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('script');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');

    const unknown = await call(
      t.app,
      admin,
      'GET',
      '/api/staff/outbox/00000000-0000-4000-8000-000000000000/html',
    );
    expect(unknown.statusCode).toBe(404);
    expect(error(unknown).code).toBe('not_found');
    const malformed = await call(t.app, admin, 'GET', '/api/staff/outbox/not-a-mail/html');
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 401 anonymously and 403 to a customer and a staff member', async () => {
    const before = await t.db.query('select id from mail_outbox order by id');
    const some = String((before[0] as { id: string } | undefined)?.id);
    for (const [method, url] of [
      ['GET', '/api/staff/outbox'],
      ['GET', `/api/staff/outbox/${some}/html`],
      ['POST', '/api/staff/outbox/test'],
      ['POST', '/api/staff/outbox/retry'],
    ] as const) {
      expect((await call(t.app, null, method, url)).statusCode).toBe(401);
      for (const who of [customer, staff]) {
        const refused = await call(t.app, who, method, url);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(error(refused).code).toBe('forbidden');
      }
    }
    expect(await t.db.query('select id from mail_outbox order by id')).toEqual(before);
  });
});
