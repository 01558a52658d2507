import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

// One port picker for the benches and the fault suite.
export { freePort } from '../../scripts/bench/server-start';

/**
 * The compiled server's entry, what `npm start` runs once the build is current (`npm test`
 * builds before the tests run); throws, saying so, when there is none.
 */
export function compiledServer(): string {
  const entry = 'dist/server/main.js';
  if (!existsSync(entry)) throw new Error(`${entry} is missing: npm run build`);
  return entry;
}

/**
 * The compiled server (`dist/server/main.js`, what `npm start` runs) in a process of its own, for
 * tests that do to it what happens to a real one: SIGKILL, SIGTERM, a restart on the same data.
 * The faults project's global setup builds dist/ when it is missing or out of date.
 *
 * The server logs JSON lines (pino); they are kept, parsed, so a test can wait for one ("database
 * listener reconnected") and a failure can show what the server said.
 */

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface ServerProcessOptions {
  /** The port to listen on; a restart passes the same one, as a real restart would. */
  port: number;
  /** What differs per test: DATA_DIR or DATABASE_URL, limits, ... (added to the base below). */
  env: Record<string, string>;
  /** The command, `node dist/server/main.js` unless given (e.g. `npm start`). */
  command?: { file: string; args: string[] };
  /** How long to wait for the first 200 on /healthz. */
  readyTimeoutMs?: number;
  /** The folder it runs in (a systemd unit's WorkingDirectory); this process's own unless given. */
  cwd?: string;
  /**
   * `env` is the whole environment, none of the test base below added (what a systemd unit
   * gives its process: tests/deploy/units.test.ts).
   */
  onlyEnv?: boolean;
}

/** The staff account every server started here has (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const FAULT_ADMIN = { email: 'faults-admin@example.com', password: 'faults admin password' };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ServerProcess {
  /** Every JSON line the server wrote to stdout, in order. */
  readonly logs: LogLine[] = [];
  /** What it wrote that was not a JSON log line (stderr, a crash's stack). */
  other = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    let partial = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      partial += chunk;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) this.take(line);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      this.other += chunk;
    });
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.wake();
        resolve({ code, signal });
      });
    });
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts it and resolves once /healthz answers 200; rejects, with its output, if it exits. */
  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const command = options.command ?? { file: process.execPath, args: ['dist/server/main.js'] };
    const base = {
      // Only what a server needs: the test runner's own variables (TEST_DB, DATABASE_URL of
      // another project) must not leak into it.
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      LOG_LEVEL: 'info',
      // The test plays the load balancer, so each simulated customer has an address of its
      // own (X-Forwarded-For) and the per-address limits treat them as real customers.
      TRUST_PROXY: '1',
      ADMIN_EMAIL: FAULT_ADMIN.email,
      ADMIN_PASSWORD: FAULT_ADMIN.password,
    };
    const child = spawn(command.file, command.args, {
      env: options.onlyEnv ? options.env : { ...base, ...options.env },
      ...(options.cwd ? { cwd: options.cwd } : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, options.port);
    try {
      await server.ready(options.readyTimeoutMs ?? 90_000);
    } catch (error) {
      server.kill('SIGKILL');
      await server.exited;
      throw error;
    }
    return server;
  }

  private take(line: string): void {
    if (line.trim() === '') return;
    try {
      const parsed = JSON.parse(line) as LogLine;
      this.logs.push(parsed);
      this.wake();
    } catch {
      this.other += `${line}\n`;
    }
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async ready(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`the server exited before it was ready:\n${this.tail()}`);
      try {
        const response = await fetch(`${this.base}/healthz`, {
          signal: AbortSignal.timeout(2_000),
        });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    throw new Error(`no 200 on /healthz within ${timeoutMs} ms:\n${this.tail()}`);
  }

  /** The first log line (from `from` on) that `match` accepts, waiting up to `timeoutMs`. */
  async waitForLog(
    match: (line: LogLine) => boolean,
    timeoutMs: number,
    from = 0,
  ): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.logs.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || !this.running) {
        throw new Error(
          `no such log line within ${timeoutMs} ms (${this.running ? 'running' : 'exited'}):\n${this.tail()}`,
        );
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.waiters.add(done);
      });
    }
  }

  kill(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** SIGTERM, then the exit; SIGKILL if it has not gone within `timeoutMs`. */
  async stop(timeoutMs = 20_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.kill('SIGTERM');
    const timer = setTimeout(() => this.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The last log lines and any other output, for a failure's message. */
  tail(lines = 30): string {
    const logged = this.logs
      .slice(-lines)
      .map((line) => JSON.stringify(line))
      .join('\n');
    return `${logged}\n${this.other.slice(-4_000)}`;
  }
}
