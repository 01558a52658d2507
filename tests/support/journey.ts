import type { Locator } from 'playwright-core';

/* What the browser journeys share beyond the harness (`browser.ts`). */

/** Monday 2026-11-23 18:00 in Toronto: open by the hours (Monday 11:00-23:00). */
export const MONDAY_EVENING = '2026-11-23T23:00:00Z';

/** How long a live change may take to show on a busy test machine (it takes well under 1 s). */
export const LIVE = { timeout: 10_000 };

/** A locator's text as a person reads it: white space folded, trimmed. */
export const text = async (locator: Locator): Promise<string> =>
  ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
