/**
 * `npm run bench:check`: reads `bench/results.json` (written by `npm run bench`) and compares it
 * with issue 11's budgets (scripts/bench/budgets.ts). Prints every budget and exits 1 when one is
 * broken or was not measured, so a slower change cannot land quietly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { checkBudgets, type BenchResults } from './bench/budgets';

const path = process.argv[2] ?? 'bench/results.json';
if (!existsSync(path)) {
  console.error(`${path} is missing: run npm run bench first`);
  process.exit(1);
}
const results = JSON.parse(readFileSync(path, 'utf8')) as BenchResults & { at?: string };
const verdicts = checkBudgets(results);

const width = Math.max(...verdicts.map((v) => v.budget.length));
console.log(`Budgets against ${path}${results.at ? ` (measured ${results.at})` : ''}`);
for (const verdict of verdicts) {
  console.log(
    `${verdict.ok ? 'ok  ' : 'FAIL'} ${verdict.budget.padEnd(width)} ${verdict.measured.padStart(14)}  ${verdict.limit}`,
  );
}
const broken = verdicts.filter((v) => !v.ok);
console.log(
  broken.length === 0
    ? `\nAll ${verdicts.length} budgets hold.`
    : `\n${broken.length} of ${verdicts.length} budgets broken.`,
);
process.exit(broken.length === 0 ? 0 : 1);
