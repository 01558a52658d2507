/**
 * `npm run doctor`: reads the configuration `npm start` would (the same environment, checked by
 * the same schema: src/server/config.ts) and says, one line each, what would surprise the owner
 * of a store in production. `FAIL` lines block taking orders and make it exit 1; `warn` lines
 * are worth a look; `ok` lines say what was checked. Run it as the store runs: same user, same
 * folder, same environment (`set -a; . /etc/pizza-store.env; npm run doctor`). docs/deploy.md.
 */
import { describeSmtp } from '../src/server/mail/transport';
import { existsSync, readFileSync, readdirSync, statSync, statfsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { loadConfig, type AppConfig } from '../src/server/config';
import { openDatabase } from '../src/server/data/db';
import { DataFolderInUseError, hasDatabase } from '../src/server/data/folder-lock';
import { buildReason } from './build-stamp.js';
import { readEnvFile } from './env-file';

type Verdict = 'ok' | 'warn' | 'FAIL';
interface Finding {
  verdict: Verdict;
  text: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Below this much free space a database's writes soon fail; below the second, they already may. */
const DISK_WARN_BYTES = 1024 ** 3;
const DISK_FAIL_BYTES = 100 * 1024 ** 2;

const mib = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MiB`;

/** The env file template, whose example values an owner must replace (docs/deploy.md, step 3). */
const TEMPLATE = 'deploy/pizza-store.env';
/** The template's settings that hold an example, not a default that suits every store. */
const TEMPLATE_EXAMPLES = ['PUBLIC_ORIGIN', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'MAIL_FROM'];
/** The domains reserved for examples (RFC 2606), and their subdomains: nobody's store. */
const EXAMPLE_HOST = /(^|\.)example\.(com|org|net)$/i;

/** Every check, in the order an owner would fix them. */
async function diagnose(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
  now = Date.now(),
): Promise<Finding[]> {
  const found: Finding[] = [];
  const say = (verdict: Verdict, text: string) => found.push({ verdict, text });

  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    // One line per setting the start refuses, under the schema's own words.
    const [, ...problems] = (error instanceof Error ? error.message : String(error)).split('\n');
    for (const problem of problems) say('FAIL', `${problem.trim()} (npm start refuses it)`);
    return found;
  }
  say('ok', 'the configuration is valid (what npm start checks)');
  checkExamples(env, root, config, say);

  if (config.env === 'production') say('ok', 'NODE_ENV=production');
  else
    say(
      'warn',
      `NODE_ENV is ${config.env}, not production: the security headers leave out HSTS (README: NODE_ENV)`,
    );

  const proxies = config.trustProxy;
  if (proxies === 0 || (Array.isArray(proxies) && proxies.length === 0)) {
    say(
      'warn',
      'TRUST_PROXY is unset: behind Caddy every customer has Caddy’s address, so one sign-in limit is shared by all (set TRUST_PROXY=1)',
    );
  } else say('ok', `TRUST_PROXY=${Array.isArray(proxies) ? proxies.join(',') : proxies}`);

  if (config.insecureCookies) {
    say('warn', 'INSECURE_COOKIES=true: session cookies travel without Secure, readable in clear');
  } else say('ok', 'session cookies are Secure over HTTPS');

  if (config.host !== '127.0.0.1' && config.host !== 'localhost' && config.host !== '::1') {
    say(
      'warn',
      `HOST=${config.host}: port ${config.port} is reachable from outside, around Caddy (HOST=127.0.0.1 keeps it behind)`,
    );
  }

  checkBuild(root, say);
  await checkDatabase(config, say, env);
  checkBackups(join(root, 'backups'), now, say);
  checkDisk(config, root, say);

  if (config.mail.smtpUrl === null) {
    say(
      'warn',
      'no mail configured (SMTP_URL unset): receipts, order updates, password resets and the owner’s alerts are held in the staff Outbox, not sent',
    );
  } else {
    say('ok', `mail through ${describeSmtp(config.mail.smtpUrl)}`);
    if (config.mail.from === null) {
      say(
        'warn',
        'MAIL_FROM unset: mail goes out from orders@localhost, which most mailboxes refuse',
      );
    }
  }
  if (config.google.clientId === null) say('warn', 'GOOGLE_CLIENT_ID unset: no Google sign-in');
  else say('ok', 'Google sign-in on');
  if (config.mapsApiKey === null) {
    say('warn', 'GOOGLE_MAPS_API_KEY unset: delivery addresses are typed without autocomplete');
  } else say('ok', 'address autocomplete on');
  if (config.database.kind === 'postgres' && config.sessionSecret === null) {
    say(
      'warn',
      'SESSION_SECRET unset: each process keeps its own in DATA_DIR; with two processes set one for both',
    );
  }
  return found;
}

type Say = (verdict: Verdict, text: string) => void;

/**
 * A value left as the template wrote it is valid, so the start takes it: the owner's password
 * would be the one printed in the repository, the mails' links would lead to example.com.
 */
function checkExamples(env: NodeJS.ProcessEnv, root: string, config: AppConfig, say: Say): void {
  const template = join(root, TEMPLATE);
  const examples = existsSync(template) ? readEnvFile(readFileSync(template, 'utf8'), true) : {};
  let left = 0;
  for (const name of TEMPLATE_EXAMPLES) {
    const example = examples[name];
    if (example === undefined || env[name] !== example) continue;
    left++;
    say(
      'FAIL',
      `${name} is still the template's example: change the line ${name}=${example} in /etc/pizza-store.env`,
    );
  }
  const host = new URL(config.publicOrigin).hostname;
  if (EXAMPLE_HOST.test(host) && env.PUBLIC_ORIGIN !== examples.PUBLIC_ORIGIN) {
    left++;
    say(
      'FAIL',
      `PUBLIC_ORIGIN=${config.publicOrigin} is an example domain: the links in mails would lead nowhere (your store's address, https://…)`,
    );
  }
  if (left === 0) say('ok', `no example value of ${TEMPLATE} left`);
}

/** After `npm ci --omit=dev` the build tools are gone: dist/ must already be current. */
function checkBuild(root: string, say: Say): void {
  const reason = buildReason(root);
  if (reason === null) {
    say('ok', 'dist/ is built from these sources');
    return;
  }
  let buildTools = true;
  try {
    createRequire(join(root, 'package.json')).resolve('vite');
  } catch {
    buildTools = false;
  }
  if (buildTools) say('warn', `npm start will build first (${reason})`);
  else
    say(
      'FAIL',
      `npm start must build (${reason}) but the build tools are not installed: npm ci && npm run build && npm ci --omit=dev`,
    );
}

async function checkDatabase(config: AppConfig, say: Say, env: NodeJS.ProcessEnv): Promise<void> {
  const adminFromEnv = config.admin !== null;
  const database = config.database;
  if (database.kind === 'pglite' && database.dataDir && !hasDatabase(database.dataDir)) {
    say('warn', `no database in ${database.dataDir} yet: the first npm start creates it`);
    if (!adminFromEnv) say('FAIL', 'no admin account, and ADMIN_EMAIL/ADMIN_PASSWORD are unset');
    return;
  }
  let admins: number | null = null;
  try {
    const db = await openDatabase(
      database.kind === 'postgres'
        ? { ...database, applicationName: 'pizza-store-doctor' }
        : database,
    );
    try {
      const rows = await db.query<{ admins: number }>(
        `select count(*)::int as admins from users where role = 'admin'`,
      );
      admins = rows[0]?.admins ?? 0;
      say('ok', `the database answers (${database.kind})`);
    } catch {
      say('warn', 'the database answers but has no tables yet: the first npm start creates them');
    } finally {
      await db.close();
    }
  } catch (error) {
    if (error instanceof DataFolderInUseError) {
      say(
        'ok',
        `the store's process ${error.holder?.pid ?? '?'} holds the PGlite folder (running)`,
      );
    } else {
      const where = env.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR';
      say('FAIL', `the database (${where}) cannot be opened: ${String(error)}`);
      return;
    }
  }
  if (admins !== null && admins > 0) say('ok', `${admins} admin account(s)`);
  else if (adminFromEnv) say('ok', 'the admin account comes from ADMIN_EMAIL at start');
  else if (admins === 0) {
    say(
      'FAIL',
      'no admin account: nobody can sign in to accept orders (start once with ADMIN_EMAIL and ADMIN_PASSWORD)',
    );
  } else say('warn', 'admin account not checked while the store holds its folder');
}

function checkBackups(folder: string, now: number, say: Say): void {
  const files = existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => name.endsWith('.tar.gz') || name.endsWith('.dump'))
        .map((name) => statSync(join(folder, name)).mtimeMs)
    : [];
  if (files.length === 0) {
    say('warn', `no backup in ${folder} (npm run backup; deploy/pizza-store-backup.timer nightly)`);
    return;
  }
  const ageMs = now - Math.max(...files);
  const hours = Math.round(ageMs / 3_600_000);
  if (ageMs > DAY_MS) say('warn', `the last backup in ${folder} is ${hours} hours old`);
  else say('ok', `last backup ${hours} hour(s) ago (${files.length} kept)`);
}

function checkDisk(config: AppConfig, root: string, say: Say): void {
  if (config.database.kind !== 'pglite') return;
  let probe = resolve(root, config.dataDir);
  while (!existsSync(probe)) probe = dirname(probe);
  const disk = statfsSync(probe);
  const free = disk.bavail * disk.bsize;
  const share = free / (disk.blocks * disk.bsize);
  const text = `${mib(free)} free (${Math.round(share * 100)} %) on the disk of ${config.dataDir}`;
  if (free < DISK_FAIL_BYTES) say('FAIL', `only ${text}: the database's writes will fail`);
  else if (free < DISK_WARN_BYTES || share < 0.1) say('warn', `only ${text}`);
  else say('ok', text);
}

const findings = await diagnose();
for (const { verdict, text } of findings) console.log(`${verdict.padEnd(4)}  ${text}`);
const blocking = findings.filter((finding) => finding.verdict === 'FAIL').length;
console.log(
  blocking > 0
    ? `\n${blocking} problem(s) block taking orders.`
    : '\nNothing blocks taking orders.',
);
process.exit(blocking > 0 ? 1 : 0);
