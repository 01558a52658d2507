/**
 * The admin's Outbox in the browser (issue 35) on a store without SMTP_URL: the held note, a
 * test mail queued from the screen and listed as held, its text part opened in place, axe on
 * the screen; a staff member has no Outbox link and is told the screen is the admin's.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import {
  HELD_EXPLAINED,
  OUTBOX_ADMIN_ONLY,
} from '../../src/web/features/staff-admin/outbox-screen';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';
import { LIVE, MONDAY_EVENING as NOW } from '../support/journey';
import { refused, watchConsole, type ConsoleAllowance } from '../support/console';
import { registerMember, registerStaff, type Account } from '../support/orders';

const TABLET = { width: 1280, height: 800 };

let h: BrowserHarness;
const clock = fixedClock(NOW);
let admin: Account & { email: string };

beforeAll(async () => {
  h = await startBrowserHarness({ clock });
  const { user, account } = await registerMember(h.app, h.db, 'admin', { name: 'Alex Admin' });
  admin = { ...account, email: user.email };
});
afterAll(() => h.close());

async function openAs(
  who: Account,
  path: string,
  allow: ConsoleAllowance[] = [],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  // No order type stored by an init script: it would also run in the sandboxed mail frame, which
  // (rightly) has no storage.
  const { context, page } = await h.newPage({ orderType: null, session: who.cookie });
  await page.setViewportSize(TABLET);
  // No context.clock here: its script is injected into every frame, and the sandboxed mail
  // frame (rightly) refuses to run it, which the console reports.
  const problems = watchConsole(page, allow);
  await page.goto(path);
  return { context, page, problems };
}

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
