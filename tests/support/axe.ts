import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, put into the page through the DevTools protocol (not a <script>, which our CSP forbids). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
}

/**
 * axe-core's WCAG 2.x A and AA checks on `selector` (the whole page by default), as lines a
 * test expects to be empty: "rule (impact): targets".
 */
export async function axeViolations(page: Page, selector = 'html'): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    async (context) =>
      (
        window as unknown as {
          axe: { run: (context: string, options: object) => Promise<AxeResults> };
        }
      ).axe.run(context, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      }),
    selector,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes
        .map((node) => JSON.stringify(node.target))
        .join(', ')}`,
  );
}
