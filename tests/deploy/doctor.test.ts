import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readEnvFile } from '../../scripts/env-file';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteFolder, type FaultDatabase } from '../faults/databases';
import { freePort } from '../support/server-process';

/**
 * `npm run doctor` as an owner runs it: the store's environment, its answer line by line, and
 * exit 1 only on what blocks taking orders.
 */

const folders: FaultDatabase[] = [];
afterAll(async () => {
  for (const folder of folders) await folder.drop();
});

function doctor(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/doctor.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve({ code, lines: output.split('\n') }));
  });
}

const line = (lines: string[], verdict: string, text: string) =>
  lines.some((entry) => entry.startsWith(verdict) && entry.includes(text));

describe('npm run doctor', () => {
  it('passes a production configuration on a store with an admin, saying what is missing', async () => {
    const data = pgliteFolder();
    folders.push(data);
    const { code, lines } = await doctor({
      ...data.env,
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
    });
    expect(lines.filter((entry) => entry.startsWith('FAIL'))).toEqual([]);
    expect(code).toBe(0);
    expect(line(lines, 'ok', 'NODE_ENV=production')).toBe(true);
    expect(line(lines, 'ok', 'admin account')).toBe(true);
    expect(line(lines, 'ok', 'the database answers (pglite)')).toBe(true);
    expect(line(lines, 'warn', 'GOOGLE_CLIENT_ID unset')).toBe(true);
    expect(line(lines, 'warn', 'no mail configured')).toBe(true);
  });

  it('names the mail server without its password when SMTP_URL is set', async () => {
    const data = pgliteFolder();
    folders.push(data);
    const { lines } = await doctor({
      ...data.env,
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      SMTP_URL: 'smtps://mailer:doctor-s3cret@smtp.example.com:465',
      MAIL_FROM: 'Pizza <orders@example.com>',
    });
    expect(line(lines, 'ok', 'mail through smtps://smtp.example.com:465')).toBe(true);
    expect(line(lines, 'warn', 'no mail configured')).toBe(false);
    expect(lines.join('\n')).not.toContain('doctor-s3cret');
  });

  it('warns about a development start without TRUST_PROXY', async () => {
    const data = pgliteFolder();
    folders.push(data);
    const { lines } = await doctor({ ...data.env, INSECURE_COOKIES: 'true' });
    expect(line(lines, 'warn', 'NODE_ENV is development')).toBe(true);
    expect(line(lines, 'warn', 'TRUST_PROXY is unset')).toBe(true);
    expect(line(lines, 'warn', 'INSECURE_COOKIES=true')).toBe(true);
  });

  it('fails, exit 1, on a database it cannot reach and on a setting the start refuses', async () => {
    const unreachable = await doctor({
      DATABASE_URL: `postgres://nobody@127.0.0.1:${await freePort()}/store`,
      DB_CONNECT_TIMEOUT_MS: '1000',
    });
    expect(unreachable.code).toBe(1);
    expect(line(unreachable.lines, 'FAIL', 'the database (DATABASE_URL) cannot be opened')).toBe(
      true,
    );

    const refused = await doctor({ TRUST_PROXY: 'true' });
    expect(refused.code).toBe(1);
    expect(line(refused.lines, 'FAIL', 'TRUST_PROXY')).toBe(true);
  });

  it('fails, exit 1, on the template left as it is, naming each line to change', async () => {
    const data = pgliteFolder();
    folders.push(data);
    // The guide's step 3 with the editor skipped: the template as /etc/pizza-store.env.
    const template = readEnvFile(readFileSync('deploy/pizza-store.env', 'utf8'));
    const untouched = await doctor({ ...template, ...data.env });
    expect(untouched.code).toBe(1);
    for (const setting of [
      'PUBLIC_ORIGIN=https://pizza.example.com',
      'ADMIN_EMAIL=owner@example.com',
      'ADMIN_PASSWORD=change this long password',
    ]) {
      expect(line(untouched.lines, 'FAIL', `change the line ${setting}`), setting).toBe(true);
    }
    expect(untouched.lines).toContain('3 problem(s) block taking orders.');

    const owner = {
      ...template,
      ...data.env,
      ADMIN_EMAIL: 'owner@royalcitypizza.ca',
      ADMIN_PASSWORD: 'a long password of the owner',
    };
    const exampleDomain = await doctor({ ...owner, PUBLIC_ORIGIN: 'https://order.example.org' });
    expect(exampleDomain.code).toBe(1);
    expect(line(exampleDomain.lines, 'FAIL', 'PUBLIC_ORIGIN=https://order.example.org')).toBe(true);

    const edited = await doctor({ ...owner, PUBLIC_ORIGIN: 'https://order.royalcitypizza.ca' });
    expect(edited.lines.filter((entry) => entry.startsWith('FAIL'))).toEqual([]);
    expect(line(edited.lines, 'ok', 'no example value of deploy/pizza-store.env left')).toBe(true);
    expect(edited.code).toBe(0);
  });
});
