import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import { cookieIsSecure } from './sessions';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"). The
 * per-account login ceiling stops many machines guessing one password together, but it also let
 * anyone with a few dozen addresses keep the owner out. A browser that has signed in to an
 * account gets a signed cookie naming that account; a login presenting it is counted against
 * that device alone, not against the account's ceiling, so strangers' failures never lock it
 * out. A cookie proves only that the password was known on this browser once: the password is
 * still checked every time.
 *
 * One cookie per account, named by an HMAC of the email (it does not tell whose account it is),
 * sent only to /api/auth. Its value is `expiry.nonce.signature`; the nonce names the device for
 * its own attempt limit.
 */
const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
const COOKIE_PATH = '/api/auth';
const SECRET_BYTES = 32;

/**
 * The key that signs device cookies, derived from the store's secret: SESSION_SECRET when set
 * (every process of a deployment must then share it), else a random one kept in the data folder
 * (made on the first start, readable by the server's user only), else, for tests without a
 * folder, a new one per process. A lost or changed secret only makes every browser an unknown
 * device again.
 */
export async function loadDeviceKey(
  config: Pick<AppConfig, 'sessionSecret' | 'secretFile'>,
): Promise<Buffer> {
  const secret =
    config.sessionSecret ??
    (config.secretFile === null
      ? randomBytes(SECRET_BYTES).toString('base64url')
      : await keptSecret(config.secretFile));
  return createHmac('sha256', secret).update('device-cookie').digest();
}

async function keptSecret(file: string): Promise<string> {
  const read = async (): Promise<string | null> => {
    try {
      const secret = (await readFile(file, 'utf8')).trim();
      if (secret.length < 32)
        throw new Error(`${file} does not hold a secret of 32 characters or more`);
      return secret;
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
      throw error;
    }
  };
  const existing = await read();
  if (existing !== null) return existing;
  await mkdir(dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting at once keep whichever secret was written first.
    await writeFile(file, `${randomBytes(SECRET_BYTES).toString('base64url')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  const written = await read();
  if (written === null) throw new Error(`Could not keep the store's secret in ${file}`);
  return written;
}

export function createDeviceCookies(key: Buffer, clock: Clock) {
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  const accountOf = (email: string) => email.toLowerCase();
  const nameFor = (email: string) =>
    `dev_${mac(`name\0${accountOf(email)}`)
      .subarray(0, 12)
      .toString('base64url')}`;
  const signature = (email: string, expires: string, nonce: string) =>
    mac(`device\0${accountOf(email)}\0${expires}\0${nonce}`);

  return {
    /**
     * The device's id when the request carries a valid, unexpired device cookie for `email`;
     * null otherwise (none, another account's, tampered with, expired).
     */
    trustedDevice(request: FastifyRequest, email: string): string | null {
      const value = request.cookies[nameFor(email)];
      if (!value) return null;
      const [expires, nonce, signed, ...rest] = value.split('.');
      if (!expires || !nonce || !signed || rest.length > 0) return null;
      if (!/^\d{1,15}$/.test(expires) || Number(expires) <= clock.now().getTime()) return null;
      const given = Buffer.from(signed, 'base64url');
      const expected = signature(email, expires, nonce);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return nonce;
    },

    /** Marks this browser as one that signed in to `email` (a fresh cookie each sign-in). */
    issue(reply: FastifyReply, ctx: AppContext, email: string): void {
      const expiresAt = new Date(clock.now().getTime() + DEVICE_TTL_MS);
      const expires = String(expiresAt.getTime());
      const nonce = randomBytes(16).toString('base64url');
      const signed = signature(email, expires, nonce).toString('base64url');
      reply.setCookie(nameFor(email), `${expires}.${nonce}.${signed}`, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: cookieIsSecure(reply.request, ctx),
        expires: expiresAt,
      });
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
