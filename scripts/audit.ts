/**
 * `npm run audit` (part of `npm test`): `npm audit --omit=dev` on what the store runs in
 * production; scripts/audit/verdict.ts decides what fails.
 */
import { spawnSync } from 'node:child_process';
import { auditVerdict } from './audit/verdict';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const verdict = auditVerdict(run.stdout, {
  required: process.env.AUDIT_REQUIRED === 'true',
});
const print = verdict.outcome === 'clean' ? console.log : console.error;
for (const line of verdict.lines) print(`audit: ${line}`);
process.exit(verdict.ok ? 0 : 1);
