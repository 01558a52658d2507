// `npm run checks`: the type-check, ESLint, Prettier, the audit and the build at once, each
// npm script in a process of its own, its output held and printed whole when it ends (so two
// never interleave), then a line per script with its time. Exits 1 if any failed.
//
// One after another they took about three minutes of a two-core CI machine, and each of them
// but the linter leaves a core idle (tsc and ESLint run on one thread; Prettier and the build
// wait on files): side by side they take about as long as ESLint alone. Nothing here reads
// what another writes: the build writes dist/, which tsc, ESLint and Prettier ignore.
// Plain JavaScript, like start.js: it runs before anything is built.
import console from 'node:console';
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const SCRIPTS = process.argv.slice(2);
if (SCRIPTS.length === 0) {
  console.error('usage: node scripts/checks.js <npm script> ...');
  process.exit(2);
}

const npm = process.env.npm_execpath;

function run(script) {
  const started = performance.now();
  // npm's own CLI under this node when npm started us, else the npm on the PATH.
  const child = npm
    ? spawn(process.execPath, [npm, 'run', '--silent', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      if (text) console.log(`\n── npm run ${script} ──\n${text}`);
      resolve({ script, ok: code === 0, seconds, how: signal ?? `exit ${code}` });
    });
  });
}

const results = await Promise.all(SCRIPTS.map(run));
console.log('');
for (const { script, ok, seconds, how } of results) {
  console.log(`${ok ? 'ok    ' : 'FAILED'} ${script} (${seconds} s${ok ? '' : `, ${how}`})`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
