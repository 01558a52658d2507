import type { ConsoleMessage, Page } from 'playwright-core';

/** A console message a test knowingly lets through, with the reason written beside it. */
export type ConsoleAllowance = (message: ConsoleMessage) => boolean;

/**
 * Collects every console error and warning of `page`, and its uncaught errors, as lines a test
 * expects to be empty: a customer's screen that logs something has hit something unexpected.
 */
export function watchConsole(page: Page, allow: ConsoleAllowance[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    if (allow.some((allowed) => allowed(message))) return;
    problems.push(`${type}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Chromium logs every 4xx answer; a test lets through only the one it causes on purpose. */
export const refused =
  (status: number): ConsoleAllowance =>
  (message: ConsoleMessage) =>
    message.type() === 'error' &&
    message.text().includes(`the server responded with a status of ${status}`);
