import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The files docs/deploy.md has the owner copy: the systemd units pass `systemd-analyze verify`
 * (it needs no running systemd), and the env file template names every variable the server
 * reads.
 */

const ANALYZE = '/usr/bin/systemd-analyze';
const analyzeMissing = existsSync(ANALYZE) ? null : `${ANALYZE} is missing (the systemd package)`;
if (analyzeMissing) console.log(`[deploy] units not verified: ${analyzeMissing}`);

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(analyzeMissing !== null)('the systemd units in deploy/', () => {
  it('pass systemd-analyze verify', () => {
    // As installed, with /srv/pizza-store being this checkout and the template unit named for
    // its first instance (verify loads an instance, not a template).
    const folder = mkdtempSync(join(tmpdir(), 'deploy-units-'));
    folders.push(folder);
    const root = resolve('.');
    const envFile = join(folder, 'pizza-store.env');
    cpSync('deploy/pizza-store.env', envFile);
    const units: string[] = [];
    for (const name of readdirSync('deploy').filter((file) => /\.(service|timer)$/.test(file))) {
      const text = readFileSync(join('deploy', name), 'utf8')
        .replaceAll('/srv/pizza-store', root)
        .replaceAll('/etc/pizza-store.env', envFile)
        // The store's user exists on the server, not on a test machine.
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
