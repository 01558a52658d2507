/**
 * `npm run bench:small`: the order pipeline bench (order-pipeline.ts: customers ordering, a store
 * accepting, every answer waited for on its stream) in the shape of docs/deploy.md's small
 * server: everything pinned to one core (`taskset -c 0`: the app, its database and the load
 * generator share it, so the figures are a floor) and the app's memory read from /proc while it
 * runs (peak RSS, against the server's 1 GB). Where systemd runs, the same under
 * `systemd-run --scope -p MemoryMax=1G` holds it to 1 GB too; here it is measured instead.
 * Prints the bench's own report, then the peak resident memory of each process of the run.
 * Linux only (taskset, /proc).
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Children of each process, from /proc (ppid is field 4 of /proc/<pid>/stat). */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parentOf) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/** VmHWM: the most resident memory the process ever had, in bytes; and what it runs. */
function peakOf(pid: number): { peak: number; command: string } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { peak: kb * 1024, command };
  } catch {
    return null;
  }
}

const child = spawn(
  'taskset',
  ['-c', '0', process.execPath, '--import', 'tsx', 'scripts/bench/orders-cli.ts', 'pipeline'],
  { stdio: 'inherit' },
);
const peaks = new Map<number, { peak: number; command: string }>();
const sample = () => {
  for (const pid of descendants(child.pid ?? 0)) {
    const now = peakOf(pid);
    if (now && now.peak >= (peaks.get(pid)?.peak ?? 0)) peaks.set(pid, now);
  }
};
const timer = setInterval(sample, 200);
const code = await new Promise<number>((resolve) => child.on('exit', (exit) => resolve(exit ?? 1)));
clearInterval(timer);

console.log('\nPeak resident memory (VmHWM) on one core:');
for (const { peak, command } of [...peaks.values()].sort((a, b) => b.peak - a.peak)) {
  const what = command.includes('bench-server')
    ? 'the app (server process)'
    : command.includes('orders-cli')
      ? 'the load generator'
      : command.slice(0, 60);
  console.log(`  ${(peak / 1024 ** 2).toFixed(0).padStart(5)} MiB  ${what}`);
}
process.exit(code);
