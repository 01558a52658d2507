import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonClient } from '../support/json-client';
import { freePort } from '../support/server-process';

/**
 * Caddy (Debian's package, as docs/deploy.md installs it) in front of server processes on
 * loopback, run from the shipped deploy/Caddyfile with only what differs on a test machine
 * substituted: the site is `localhost` on high ports with `tls internal` (Caddy's own CA, whose
 * root the clients here trust), the upstreams are the test's processes, the admin endpoint is
 * off and Caddy's storage is a temporary folder.
 */

export const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';

/** Why the deploy tests cannot run here, or null. `.ci/run` installs Caddy, so CI runs them. */
export const caddyMissing: string | null = existsSync(CADDY)
  ? null
  : `${CADDY} is missing (apt-get install caddy, or CADDY_PATH): the deploy tests need Caddy`;

export const SHIPPED_CADDYFILE = 'deploy/Caddyfile';

export interface CaddyfileOptions {
  httpPort: number;
  httpsPort: number;
  /** The app processes' ports. */
  upstreams: readonly number[];
  /** Caddy's data (certificates, its CA). */
  storage: string;
  /** A last change, for a test that proves a broken configuration fails. */
  edit?: (caddyfile: string) => string;
}

/** deploy/Caddyfile as it would run on this machine; throws if a substituted line moved. */
export function testCaddyfile(options: CaddyfileOptions): string {
  const shipped = readFileSync(SHIPPED_CADDYFILE, 'utf8');
  const swap = (text: string, from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`${SHIPPED_CADDYFILE} has no "${from}" any more`);
    return text.replace(from, to);
  };
  let text = swap(
    shipped,
    'email owner@example.com',
    [
      `http_port ${options.httpPort}`,
      `https_port ${options.httpsPort}`,
      'admin off',
      'skip_install_trust',
      `storage file_system ${options.storage}`,
    ].join('\n\t'),
  );
  text = swap(text, 'order.example.com {', 'localhost {\n\ttls internal');
  text = swap(
    text,
    'to 127.0.0.1:3000\n',
    `to ${options.upstreams.map((port) => `127.0.0.1:${port}`).join(' ')}\n`,
  );
  return options.edit ? options.edit(text) : text;
}

/** `caddy validate` on a Caddyfile; resolves with its output, rejects when it is invalid. */
export function validateCaddyfile(file: string): string {
  const run = spawnSync(CADDY, ['validate', '--config', file, '--adapter', 'caddyfile'], {
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`caddy validate failed:\n${output}`);
  return output;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Caddy {
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly folder: string,
    readonly httpPort: number,
    readonly httpsPort: number,
    /** The root certificate of Caddy's local CA, for the clients to trust. */
    readonly ca: string,
  ) {}

  get base(): string {
    return `https://localhost:${this.httpsPort}`;
  }

  /** Starts Caddy on deploy/Caddyfile (validated first) and waits for HTTPS to answer. */
  static async start(
    upstreams: readonly number[],
    edit?: (caddyfile: string) => string,
  ): Promise<Caddy> {
    const folder = mkdtempSync(join(tmpdir(), 'deploy-caddy-'));
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const file = join(folder, 'Caddyfile');
    const storage = join(folder, 'storage');
    writeFileSync(
      file,
      testCaddyfile({ httpPort, httpsPort, upstreams, storage, ...(edit ? { edit } : {}) }),
    );
    validateCaddyfile(file);
    const child = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH ?? '', HOME: folder, XDG_DATA_HOME: storage },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const rootFile = join(storage, 'pki/authorities/local/root.crt');
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const deadline = Date.now() + 20_000;
    while (!existsSync(rootFile)) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        rmSync(folder, { recursive: true, force: true });
        throw new Error(`Caddy did not start:\n${output}`);
      }
      await sleep(50);
    }
    const caddy = new Caddy(child, folder, httpPort, httpsPort, readFileSync(rootFile, 'utf8'));
    child.stdout.on('data', (chunk: string) => (caddy.output += chunk));
    child.stderr.on('data', (chunk: string) => (caddy.output += chunk));
    // Serving once its certificate for localhost is issued and a request gets through.
    for (;;) {
      try {
        await new HttpsClient(caddy).send('GET', '/healthz');
        return caddy;
      } catch (error) {
        if (Date.now() > deadline) {
          await caddy.stop();
          throw new Error(`no HTTPS answer from Caddy: ${String(error)}\n${output}`);
        }
        await sleep(100);
      }
    }
  }

  /** Its log, for a failure's message. */
  get log(): string {
    return this.output.slice(-6_000);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      // Caddy's graceful stop waits for every connection to close, however long: a test's
      // proxy is given two seconds.
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.folder, { recursive: true, force: true });
  }
}

export interface HttpsAnswer<Body = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON when it was JSON, else the text (undecoded bytes as latin1 when compressed). */
  body: Body;
  raw: Buffer;
}

let nextLoopback = 2;

/**
 * One browser through Caddy: it trusts Caddy's CA, keeps its connections alive (an agent of
 * its own) and its session cookie, and connects from a loopback address of its own
 * (127.0.0.2, .3, ...), so each has the client address a real customer would have, and the
 * server sees it only if the proxy's X-Forwarded-For is believed.
 */
export class HttpsClient extends JsonClient {
  cookie = '';
  readonly address: string;
  private readonly agent: https.Agent;

  constructor(
    readonly caddy: Pick<Caddy, 'base' | 'ca'>,
    address?: string,
  ) {
    super();
    this.address = address ?? newLoopbackAddress();
    this.agent = new https.Agent({
      keepAlive: true,
      ca: caddy.ca,
      localAddress: this.address,
      family: 4,
    });
  }

  send<Body = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    base = this.caddy.base,
  ): Promise<HttpsAnswer<Body>> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = https.request(
        `${base}${path}`,
        {
          method,
          agent: this.agent,
          timeout: 30_000,
          headers: {
            accept: 'application/json',
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...(text !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }
              : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const sid = (response.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
            if (sid) this.cookie = sid.split(';')[0] ?? '';
            const raw = Buffer.concat(chunks);
            const encoded = response.headers['content-encoding'] !== undefined;
            const asText = raw.toString(encoded ? 'latin1' : 'utf8');
            let parsed: unknown = asText;
            try {
              parsed = asText === '' ? null : JSON.parse(asText);
            } catch {
              // Not JSON: kept as text.
            }
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: parsed as Body,
              raw,
            });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path}: timed out`)));
      request.on('error', reject);
      request.end(text);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A fresh 127.x.y.z source address (Linux answers on all of 127.0.0.0/8). */
export function newLoopbackAddress(): string {
  const n = nextLoopback++;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
}
