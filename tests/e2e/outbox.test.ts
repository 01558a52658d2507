/**
 * The admin's Outbox in the browser. Issue 35, on a store without SMTP_URL: the held note, a
 * test mail queued from the screen and listed as held, its text part opened in place, axe on
 * the screen; a staff member has no Outbox link and is told the screen is the admin's. Issue 44,
 * on a store whose mail server is down: each mail's attempts, failure in words and next try;
 * the banner on the Outbox and under the staff bar once mail has failed for ten minutes; Retry
 * now once the server is back; the Outbox reading itself again with no reload.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_FAILING_ALERT_MINUTES } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { renderMail } from '../../src/server/mail/render';
import { mailOutboxRepository } from '../../src/server/repositories/mail-outbox';
import {
  HELD_EXPLAINED,
  OUTBOX_ADMIN_ONLY,
} from '../../src/web/features/staff-admin/outbox-screen';
import {
  MAIL_FAILING_TELL_OWNER,
  MAIL_FAILING_TITLE,
  MAIL_FAILING_TODO,
} from '../../src/web/shared/mail-failing';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { LIVE, MONDAY_EVENING as NOW } from '../support/journey';
import { refused, watchConsole, type ConsoleAllowance } from '../support/console';
import { registerMember, registerStaff, type Account } from '../support/orders';
import { portOf, startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

const TABLET = { width: 1280, height: 800 };
const SHOTS = screenshotsFolder('outbox');

async function openOn(
  h: BrowserHarness,
  who: Account,
  path: string,
  allow: ConsoleAllowance[] = [],
  now?: string,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  // No order type stored by an init script: it would also run in the sandboxed mail frame, which
  // (rightly) has no storage.
  const { context, page } = await h.newPage({ orderType: null, session: who.cookie, now });
  await page.setViewportSize(TABLET);
  // No context.clock unless `now`: its script is injected into every frame, and the sandboxed
  // mail frame (rightly) refuses to run it, which the console reports.
  const problems = watchConsole(page, allow);
  await page.goto(path);
  return { context, page, problems };
}

describe('without SMTP_URL', () => {
  let h: BrowserHarness;
  const clock = fixedClock(NOW);
  let admin: Account & { email: string };

  beforeAll(async () => {
    h = await startBrowserHarness({ clock });
    const { user, account } = await registerMember(h.app, h.db, 'admin', { name: 'Alex Admin' });
    admin = { ...account, email: user.email };
  });
  afterAll(() => h.close());

  const openAs = (who: Account, path: string, allow: ConsoleAllowance[] = []) =>
    openOn(h, who, path, allow);

  it('shows held mails without SMTP_URL, queues a test mail and opens its text', async () => {
    const { context, page, problems } = await openAs(admin, '/staff/outbox');
    try {
      await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor(LIVE);
      await page.getByText(HELD_EXPLAINED).waitFor(LIVE);
      expect(
        await page
          .getByRole('navigation', { name: 'Staff' })
          .getByRole('link', { name: 'Outbox' })
          .count(),
      ).toBe(1);

      await page.getByRole('button', { name: 'Send a test mail to me' }).click();
      await page
        .getByRole('status')
        .getByText(`A test mail to ${admin.email} is queued.`)
        .waitFor(LIVE);
      const mails = page.getByRole('list', { name: 'Mails' });
      const mail = mails.getByRole('listitem').first();
      await mail.getByText('Held: no SMTP_URL').waitFor(LIVE);
      expect(await mail.getByText(`To ${admin.email}`).count()).toBe(1);

      await mail.locator('summary').click();
      await mail.getByText('Mail works').first().waitFor(LIVE);
      // The HTML part in its sandboxed frame, its own styles applied (no console error for them).
      const frame = page.frameLocator('iframe.outbox-html');
      await frame.getByRole('heading', { name: 'Mail works' }).waitFor(LIVE);
      expect(await mail.locator('iframe').getAttribute('sandbox')).toBe('');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives a staff member no Outbox link and tells them the screen is the admin’s', async () => {
    const staff = await registerStaff(h.app, h.db);
    const { context, page, problems } = await openAs(staff, '/staff/outbox', [refused(403)]);
    try {
      await page.getByText(OUTBOX_ADMIN_ONLY).waitFor(LIVE);
      expect(
        await page
          .getByRole('navigation', { name: 'Staff' })
          .getByRole('link', { name: 'Outbox' })
          .count(),
      ).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a mail server that is down (issue 44)', () => {
  const clock = fixedClock(NOW);
  let h: BrowserHarness;
  let smtp: TestSmtpServer;
  let port: number;
  let admin: Account;
  let staff: Account;
  const REFUSED = 'The mail server refused the connection (check the host and port in SMTP_URL)';

  beforeAll(async () => {
    // Started for a free port, then stopped: every connection to SMTP_URL is refused.
    smtp = await startSmtpServer();
    port = portOf(smtp);
    await smtp.close();
    h = await startBrowserHarness({
      clock,
      config: {
        mail: {
          ...loadConfig({ NODE_ENV: 'test', SMTP_URL: smtp.url }).mail,
          pollMs: 50,
          firstBackoffMs: 60_000,
          sendTimeoutMs: 3_000,
        },
      },
    });
    admin = (await registerMember(h.app, h.db, 'admin', { name: 'Alex Admin' })).account;
    staff = await registerStaff(h.app, h.db);
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  const attempts = async (id: string) =>
    (
      await h.db.query<{ attempts: number; last_error: string | null }>(
        'select attempts, last_error from mail_outbox where id = $1',
        [id],
      )
    )[0];

  /** Until the sender has made `count` attempts and written the last one's failure. */
  async function attemptsMade(id: string, count: number): Promise<void> {
    await expect
      .poll(async () => {
        const row = await attempts(id);
        return row && row.attempts >= count && row.last_error !== null;
      }, LIVE)
      .toBe(true);
  }

  it('shows attempts, the failure in words and the next try, then the banner on the Outbox and the staff bar, and Retry now', async () => {
    const rendered = renderMail(
      { subject: 'Reset your password', blocks: [{ kind: 'paragraph', text: 'A link.' }] },
      { name: 'Slice Shop', phone: '519-555-0199', pickupAddress: '1 Main St, Guelph ON' },
    );
    const id = await mailOutboxRepository(h.db).queue({
      kind: 'password-reset',
      to: 'kim@example.com',
      ...rendered,
    });
    await attemptsMade(id, 1);

    const { context, page, problems } = await openOn(h, admin, '/staff/outbox', [], NOW);
    try {
      const mail = page.getByRole('list', { name: 'Mails' }).getByRole('listitem').first();
      await mail.getByText('Waiting to send').waitFor(LIVE);
      await mail.getByText('1 attempt', { exact: true }).waitFor(LIVE);
      // 6:00 PM in Guelph, plus the first backoff's minute.
      await mail.getByText('Next try at 6:01 PM').waitFor(LIVE);
      await mail.getByText(`Last error: ${REFUSED}`).waitFor(LIVE);
      expect(await page.getByText(MAIL_FAILING_TITLE).count()).toBe(0);

      // Ten minutes of failing go by on the server; the page is not reloaded: it reads itself
      // again and shows the banner and the second attempt.
      clock.advance(MAIL_FAILING_ALERT_MINUTES * 60_000);
      await attemptsMade(id, 2);
      const banner = page.getByTestId('mail-failing');
      await banner.getByRole('heading', { name: MAIL_FAILING_TITLE }).waitFor({ timeout: 15_000 });
      await mail.getByText('2 attempts', { exact: true }).waitFor(LIVE);
      expect(await banner.getByText(`Last error: ${REFUSED}`).count()).toBe(1);
      expect(await banner.getByText(MAIL_FAILING_TODO).count()).toBe(1);
      expect(await banner.getByText('since 6:00 PM', { exact: false }).count()).toBe(1);
      // One banner: the staff bar leaves it to the Outbox here.
      expect(await page.getByTestId('mail-failing').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      for (const [name, size] of [
        ['1280', TABLET],
        ['768', { width: 768, height: 1024 }],
        ['390', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `${SHOTS}/outbox-failing-${name}.png`, fullPage: true });
      }
      await page.setViewportSize(TABLET);

      // Every other staff screen shows it under the bar, with Retry now and the way to the Outbox.
      await page
        .getByRole('navigation', { name: 'Staff' })
        .getByRole('link', { name: 'Today' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor(LIVE);
      await page
        .getByTestId('mail-failing')
        .getByRole('link', { name: 'Open the Outbox' })
        .waitFor(LIVE);
      expect(
        await page.getByTestId('mail-failing').getByRole('button', { name: 'Retry now' }).count(),
      ).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      for (const [name, size] of [
        ['1280', TABLET],
        ['768', { width: 768, height: 1024 }],
        ['390', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `${SHOTS}/today-failing-${name}.png` });
      }
      await page.setViewportSize(TABLET);

      // The server is back: Retry now on the Outbox's banner sends it; the list shows it sent
      // and the banner ends, with no reload.
      smtp = await startSmtpServer({}, port);
      await page.getByTestId('mail-failing').getByRole('link', { name: 'Open the Outbox' }).click();
      await page.getByTestId('mail-failing').getByRole('button', { name: 'Retry now' }).click();
      await page.getByText('1 waiting mail is being tried now.').first().waitFor(LIVE);
      await smtp.waitFor(1);
      await mail.locator('.outbox-status', { hasText: /^Sent$/ }).waitFor({ timeout: 15_000 });
      await page.getByTestId('mail-failing').waitFor({ state: 'detached', timeout: 15_000 });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tells a staff member on the board to tell the owner, with no Retry now', async () => {
    await smtp.close();
    // A run of failures counts from after the last mail sent (the one just above).
    clock.advance(60_000);
    const rendered = renderMail(
      { subject: 'Your receipt', blocks: [{ kind: 'paragraph', text: 'Thanks.' }] },
      { name: 'Slice Shop', phone: '519-555-0199', pickupAddress: '1 Main St, Guelph ON' },
    );
    const id = await mailOutboxRepository(h.db).queue({
      kind: 'receipt',
      to: 'lee@example.com',
      ...rendered,
    });
    await attemptsMade(id, 1);
    clock.advance(MAIL_FAILING_ALERT_MINUTES * 60_000);
    const { context, page, problems } = await openOn(h, staff, '/staff', [], NOW);
    try {
      const banner = page.getByTestId('mail-failing');
      await banner.getByText(MAIL_FAILING_TELL_OWNER).waitFor(LIVE);
      expect(await banner.getByRole('button', { name: 'Retry now' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      for (const [name, size] of [
        ['1280', TABLET],
        ['768', { width: 768, height: 1024 }],
        ['390', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `${SHOTS}/board-failing-staff-${name}.png` });
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      smtp = await startSmtpServer({}, port);
    }
  });
});
