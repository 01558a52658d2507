import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readEnvFile } from '../../scripts/env-file';
import { ServerProcess, freePort } from '../support/server-process';

/**
 * The files docs/deploy.md has the owner copy, in the layout the guide builds: /srv/pizza-store
 * holding `releases/r1` (the release), `app` (a link to it), `data` and `backups`. That root is
 * made in a temporary folder and is the one thing mapped: each unit's ExecStart runs as written,
 * in its WorkingDirectory as written, with the env file's settings as systemd loads them. The
 * units pass `systemd-analyze verify` (it needs no running systemd), and the env file template
 * names every variable the server reads.
 */

const SERVER_ROOT = '/srv/pizza-store';
const ENV_FILE = '/etc/pizza-store.env';
/** What systemd gives a system service's processes as PATH. */
const SYSTEMD_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const ANALYZE = '/usr/bin/systemd-analyze';
const analyzeMissing = existsSync(ANALYZE) ? null : `${ANALYZE} is missing (the systemd package)`;
if (analyzeMissing) console.log(`[deploy] units not verified: ${analyzeMissing}`);

/** The guide's folders under `root`, the release being this checkout as it is now. */
function layGuideOut(root: string): void {
  const release = join(root, 'releases', 'r1');
  // The files a clone holds (the tracked ones, and new ones not yet committed), copied: what
  // `git clone` gives. The built dist/ is copied as `npm run build` leaves it; node_modules is
  // linked, as cheap as it is large.
  const files = execFileSync('git', [
    'ls-files',
    '-z',
    '--cached',
    '--others',
    '--exclude-standard',
  ])
    .toString('utf8')
    .split('\0')
    .filter((file) => file !== '' && existsSync(file));
  for (const file of files) {
    mkdirSync(join(release, dirname(file)), { recursive: true });
    cpSync(file, join(release, file));
  }
  cpSync('dist', join(release, 'dist'), { recursive: true });
  symlinkSync(resolve('node_modules'), join(release, 'node_modules'));
  mkdirSync(join(root, 'data'));
  mkdirSync(join(root, 'backups'));
  // The guide's `ln -s /srv/pizza-store/backups backups` in each release, and the `app` link.
  symlinkSync(join(root, 'backups'), join(release, 'backups'));
  symlinkSync('releases/r1', join(root, 'app'));
}

/** A unit file as installed, its server root mapped to `root`. */
const unitText = (name: string, root: string) =>
  readFileSync(join('deploy', name), 'utf8').replaceAll(SERVER_ROOT, root);

/** The [Service] section's settings, each key's values in order. */
function serviceSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1] ?? '';
      continue;
    }
    const at = line.indexOf('=');
    if (section !== 'Service' || at < 0) continue;
    const key = line.slice(0, at).trim();
    settings.set(key, [...(settings.get(key) ?? []), line.slice(at + 1).trim()]);
  }
  return settings;
}

function only(settings: Map<string, string[]>, key: string): string {
  const values = settings.get(key) ?? [];
  expect(values, key).toHaveLength(1);
  return values[0] ?? '';
}

/** The environment systemd gives the unit's process: its Environment= lines, then the file's. */
function unitEnvironment(
  settings: Map<string, string[]>,
  instance: string,
  envFile: string,
): Record<string, string> {
  expect(settings.get('EnvironmentFile')).toEqual([ENV_FILE]);
  const env: Record<string, string> = { PATH: SYSTEMD_PATH };
  for (const line of settings.get('Environment') ?? []) {
    for (const assignment of line.replaceAll('%i', instance).split(/\s+/)) {
      const at = assignment.indexOf('=');
      env[assignment.slice(0, at)] = assignment.slice(at + 1);
    }
  }
  return { ...env, ...readEnvFile(readFileSync(envFile, 'utf8')) };
}

const root = mkdtempSync(join(tmpdir(), 'deploy-srv-'));
/** The owner's /etc/pizza-store.env: the template, its DATA_DIR in the guide's folder. */
const envFile = join(root, 'pizza-store.env');
/**
 * A test machine has neither systemd running nor the store's user: `systemctl` answers that no
 * unit is active (the store is stopped before the backup), `runuser -u pizza --` runs the
 * command as this user.
 */
const stand = join(root, 'stand-ins');
let server: ServerProcess | undefined;

beforeAll(() => {
  layGuideOut(root);
  writeFileSync(envFile, unitText('pizza-store.env', root));
  mkdirSync(stand);
  writeFileSync(join(stand, 'systemctl'), '#!/bin/sh\nexit 3\n');
  writeFileSync(
    join(stand, 'runuser'),
    '#!/bin/sh\nwhile [ "$1" != -- ]; do shift; done\nshift\nexec "$@"\n',
  );
  chmodSync(join(stand, 'systemctl'), 0o755);
  chmodSync(join(stand, 'runuser'), 0o755);
});

afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the units in the guide’s layout', () => {
  it('pizza-store@.service: the store starts and answers /healthz', async () => {
    const port = await freePort();
    const settings = serviceSettings(unitText('pizza-store@.service', root));
    const [file = '', ...args] = only(settings, 'ExecStart').split(/\s+/);
    const env = unitEnvironment(settings, String(port), envFile);
    expect(env.PORT).toBe(String(port));
    expect(env.DATA_DIR).toBe(join(root, 'data'));
    // A store that ran before: the first start's initdb costs some 15 s.
    cpSync(inject('pgliteTemplate'), join(root, 'data', 'pglite'), { recursive: true });
    server = await ServerProcess.start({
      port,
      command: { file, args },
      cwd: only(settings, 'WorkingDirectory'),
      env,
      onlyEnv: true,
    });
    const health = await fetch(`${server.base}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    expect((await server.stop()).code).toBe(0);
    server = undefined;
  });

  it('pizza-store-backup.service: a backup lands in the backups folder', () => {
    const settings = serviceSettings(unitText('pizza-store-backup.service', root));
    const [file = '', ...args] = only(settings, 'ExecStart').split(/\s+/);
    const env = unitEnvironment(settings, '', envFile);
    const run = spawnSync(file, args, {
      cwd: only(settings, 'WorkingDirectory'),
      env: { ...env, PATH: `${stand}:${env.PATH ?? ''}` },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(run.error, String(run.error)).toBeUndefined();
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    const backups = readdirSync(join(root, 'backups'));
    expect(backups.filter((name) => /^pglite-.+\.tar\.gz$/.test(name))).toHaveLength(1);
  });

  it.skipIf(analyzeMissing !== null)('pass systemd-analyze verify', () => {
    // The template unit named for its first instance (verify loads an instance, not a
    // template); the store's user exists on the server, not on a test machine.
    const folder = join(root, 'units');
    mkdirSync(folder);
    const units: string[] = [];
    for (const name of readdirSync('deploy').filter((file) => /\.(service|timer)$/.test(file))) {
      const text = unitText(name, root)
        .replaceAll(ENV_FILE, envFile)
        .replace(/^(User|Group)=pizza$/gm, '$1=root');
      const installed = join(folder, name.replace('@.service', '@3000.service'));
      writeFileSync(installed, text);
      units.push(installed);
    }
    expect(units.length).toBe(3);
    const run = spawnSync(ANALYZE, ['verify', ...units], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('the env file template (deploy/pizza-store.env)', () => {
  it('names every variable src/server/config.ts reads', () => {
    const config = readFileSync('src/server/config.ts', 'utf8');
    const schema = config.slice(config.indexOf('const envSchema = z.object({'));
    const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]);
    expect(variables.length).toBeGreaterThan(20);
    const template = readFileSync('deploy/pizza-store.env', 'utf8');
    const named = new Set([...template.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(variables.filter((name) => !named.has(name))).toEqual([]);
  });
});
