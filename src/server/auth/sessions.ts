import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalId } from '../../domain';
import type { Queryable } from '../data/db';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../http/errors';
import { sessionsRepository, type SessionUser } from '../repositories/sessions';

/**
 * Sessions: an opaque random token in an HttpOnly, SameSite=Lax cookie; the database keeps only
 * its SHA-256 with an expiry. The caller's identity comes from this cookie alone, never from a
 * user id in the request.
 */
export const SESSION_COOKIE = 'sid';
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await sessionsRepository(db).create({ tokenHash: hashToken(token), userId, expiresAt, now });
  return { token, expiresAt };
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await sessionsRepository(db).remove(hashToken(token));
}

/** Hosts a browser reaches without leaving the machine: plain HTTP is acceptable only there. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The session cookie carries Secure unless the request came over plain HTTP to this machine
 * itself (`npm start` on a laptop), or INSECURE_COOKIES says so for a trial on a local network.
 * Behind a TLS-terminating proxy, `request.protocol` reads X-Forwarded-Proto only from the
 * trusted hops (TRUST_PROXY). Anywhere else a session must never travel in clear text.
 */
export function cookieIsSecure(request: FastifyRequest, ctx: AppContext): boolean {
  if (ctx.config.insecureCookies) return false;
  return request.protocol === 'https' || !LOOPBACK.test(request.hostname);
}

export function setSessionCookie(
  reply: FastifyReply,
  ctx: AppContext,
  session: { token: string; expiresAt: Date },
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieIsSecure(reply.request, ctx),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, ctx: AppContext): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieIsSecure(reply.request, ctx),
  });
}

// One lookup per request at most, however many guards ask.
const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The signed-in user, or null. */
export function getSessionUser(
  request: FastifyRequest,
  ctx: AppContext,
): Promise<SessionUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = request.cookies[SESSION_COOKIE];
    pending = token
      ? sessionsRepository(ctx.db).findUser(hashToken(token), ctx.clock.now())
      : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

/** The hash a request's session is stored by, or null without a session cookie. */
export function sessionTokenHash(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token ? hashToken(token) : null;
}

/** The signed-in user; 401 without a valid session. */
export async function requireUser(request: FastifyRequest, ctx: AppContext): Promise<SessionUser> {
  const user = await getSessionUser(request, ctx);
  if (!user) throw unauthorized();
  return user;
}

/**
 * The shared guard of every route that names a user id (path, query or body): 401 without a
 * session, 403 when the id is anyone else's (a missing id counts as someone else's).
 */
async function requireSelf(
  request: FastifyRequest,
  ctx: AppContext,
  userId: unknown,
): Promise<SessionUser> {
  const user = await requireUser(request, ctx);
  // Before the route's schema has made the id canonical (this guard runs first).
  if (typeof userId !== 'string' || canonicalId(userId) !== user.id) throw forbidden();
  return user;
}

/**
 * A route's `preValidation` hook for routes that name a user: the guard runs before the
 * request's shape is checked, so an anonymous caller gets 401 and someone else 403 whatever they
 * sent. The handler then reads the caller with `requireUser` (the session is looked up once).
 */
export function selfGuard(ctx: AppContext, where: 'params' | 'query' | 'body') {
  return async (request: FastifyRequest): Promise<void> => {
    const source: unknown = request[where];
    const userId =
      typeof source === 'object' && source !== null && 'userId' in source
        ? source.userId
        : undefined;
    await requireSelf(request, ctx, userId);
  };
}

/**
 * A staff route's `preValidation` hook: 401 without a session, 403 for a customer. Staff and
 * admin accounts pass (brief: staff routes need the staff or admin role).
 */
export function staffGuard(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await requireUser(request, ctx);
    if (user.role !== 'staff' && user.role !== 'admin') throw forbidden();
  };
}

/**
 * An admin route's `preValidation` hook (managing the staff's accounts): 401 without a session,
 * 403 for a customer or a staff member.
 */
export function adminGuard(
  ctx: AppContext,
  refusal = 'Only the store admin can manage staff accounts.',
) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await requireUser(request, ctx);
    if (user.role !== 'admin') throw forbidden(refusal);
  };
}

export const MENU_EDITOR_REFUSAL =
  'Only the store admin, or staff the admin allows, can change the menu.';

/**
 * The menu editor's hook (issue 34): the admin, or a staff member while the store's
 * `staffEditMenu` setting is on. 401 without a session, 403 otherwise. The setting comes from
 * the catalogue snapshot, forgotten on every process when it changes (as the hours are).
 */
export function menuEditorGuard(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await requireUser(request, ctx);
    if (user.role === 'admin') return;
    if (user.role === 'staff' && (await ctx.catalogue.settings()).staffEditMenu) return;
    throw forbidden(MENU_EDITOR_REFUSAL);
  };
}
