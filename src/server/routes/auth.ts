import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  registerSchema,
  socialLoginSchema,
  type ApiUser,
  type StaffRole,
} from '../../domain';
import {
  GoogleTokenRejected,
  GoogleUnavailable,
  createGoogleVerifier,
  type GoogleIdentity,
  type GoogleVerifier,
} from '../auth/google';
import { createDeviceCookies, loadDeviceKey } from '../auth/device-cookie';
import { createPasswordGate } from '../auth/password-gate';
import { hashResetToken, invalidResetToken, requestPasswordReset } from '../auth/password-reset';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { createRateLimiter } from '../auth/rate-limit';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  deleteSession,
  getSessionUser,
  setSessionCookie,
} from '../auth/sessions';
import type { AppContext, RouteModule } from '../context';
import type { Queryable } from '../data/db';
import {
  apiForgotPasswordAnswerSchema,
  apiLoginAnswerSchema,
  apiMeAnswerSchema,
  apiRegisterAnswerSchema,
  apiSocialLoginAnswerSchema,
} from '../http/api-schemas';
import { HttpError, conflict, notFound } from '../http/errors';
import { presentUser } from '../http/present';
import { cartsRepository } from '../repositories/carts';
import { contactsRepository } from '../repositories/contacts';
import { passwordResetsRepository } from '../repositories/password-resets';
import { sessionsRepository } from '../repositories/sessions';
import {
  isClosed,
  isUniqueViolation,
  usersRepository,
  type Role,
  type UserRecord,
} from '../repositories/users';

/** The limits in force (config.ts: DEFAULT_RATE_RULES says why each exists). */
const rules = (ctx: AppContext) => ctx.config.rateRules;

const invalidCredentials = () =>
  new HttpError(401, ACCOUNT_MESSAGES.invalidCredentials, 'invalid_credentials');
const googleLoginFailed = () =>
  new HttpError(401, ACCOUNT_MESSAGES.googleLoginFailed, 'google_login_failed');
const duplicateEmail = () => conflict(ACCOUNT_MESSAGES.duplicateEmail, 'email_taken');

// The account forms' messages are whole sentences in the spec's words, shown as they are.
const registerBody = registerSchema.meta({ sentences: true });
const loginBody = loginSchema.meta({ sentences: true });
const socialLoginBody = socialLoginSchema.meta({ sentences: true });
const forgotPasswordBody = forgotPasswordSchema.meta({ sentences: true });
const resetPasswordBody = resetPasswordSchema.meta({ sentences: true });

/** The spec's user object of an account, with its contacts. */
/** `{staffRole}` for a staff or admin account; nothing for a customer (the spec's answer). */
const staffRoleOf = (user: { role: Role }): { staffRole?: StaffRole } =>
  user.role === 'customer' ? {} : { staffRole: user.role };

async function loadApiUser(
  db: Queryable,
  user: { id: string; name: string; email: string },
): Promise<ApiUser> {
  return presentUser(user, await contactsRepository(db).list(user.id));
}

/** Register, login, social login, logout, me (issue 3). */
export const authRoutes: RouteModule = async (app, ctx) => {
  const users = usersRepository(ctx.db);
  // One limiter per app: tests build many apps, and each must start with clean counters.
  const limiter = createRateLimiter(ctx.clock);
  const passwordGate = createPasswordGate(ctx.config.passwordChecks);
  const devices = createDeviceCookies(await loadDeviceKey(ctx.config), ctx.clock);
  const { clientId } = ctx.config.google;
  const verifyGoogle = clientId ? createGoogleVerifier({ ...ctx.config.google, clientId }) : null;

  app.post(
    '/auth/register',
    { schema: { body: registerBody, response: { 201: apiRegisterAnswerSchema } } },
    async (request, reply) => {
      const input = request.body;
      limiter.hit(reply, [
        { key: `register:ip:${request.ip}`, rule: rules(ctx).registerIp },
        { key: `register:account:${input.email.toLowerCase()}`, rule: rules(ctx).registerAccount },
      ]);
      // Checked before the (deliberately slow) hash; the unique index still decides under a race.
      if (await users.findByEmail(input.email)) throw duplicateEmail();
      const passwordHash = await passwordGate.run(reply, 'other', () =>
        hashPassword(input.password, ctx.config.passwordCost),
      );
      const user = await ctx.db
        .transaction(async (tx) => {
          const created = await usersRepository(tx).create({
            name: input.name,
            email: input.email,
            passwordHash,
          });
          // Exactly one default among the new contacts: the first one marked so, else the first.
          const marked = input.contacts.findIndex((contact) => contact.isDefault === true);
          const defaultIndex = marked === -1 ? 0 : marked;
          const contacts = contactsRepository(tx);
          for (const [index, contact] of input.contacts.entries()) {
            await contacts.insert(created.id, {
              phone: contact.phone,
              address: contact.address,
              isDefault: index === defaultIndex,
            });
          }
          await startSession(tx, ctx, request, reply, created.id);
          return created;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'users_email_key')) throw duplicateEmail();
          throw error;
        });
      reply.status(201);
      return { message: ACCOUNT_MESSAGES.registerSucceeded, user: await loadApiUser(ctx.db, user) };
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginBody, response: { 200: apiLoginAnswerSchema } } },
    async (request, reply) => {
      const input = request.body;
      const account = input.email.toLowerCase();
      const device = devices.trustedDevice(request, account);
      limiter.hit(reply, [
        { key: `login:ip:${request.ip}`, rule: rules(ctx).loginIp },
        ...(device
          ? // A device that signed in to this account before: its own limit, not the account's.
            [{ key: `login:device:${device}`, rule: rules(ctx).loginDevice }]
          : [
              {
                key: `login:account-ip:${account}:${request.ip}`,
                rule: rules(ctx).loginAccountIp,
              },
              { key: `login:account:${account}`, rule: rules(ctx).loginAccount },
            ]),
      ]);
      const user = await users.findByEmail(input.email);
      // Unknown email, or an account with Google only: same work, same answer as a wrong password.
      const valid = await passwordGate.run(reply, device ? 'trusted' : 'other', () =>
        user?.passwordHash
          ? verifyPassword(input.password, user.passwordHash)
          : verifyAgainstDummy(input.password, ctx.config.passwordCost),
      );
      if (!user || !valid) throw invalidCredentials();
      await startSession(ctx.db, ctx, request, reply, user.id);
      devices.issue(reply, ctx, account);
      return { user: await loadApiUser(ctx.db, user), ...staffRoleOf(user) };
    },
  );

  app.post(
    '/auth/social-login',
    {
      // Before the body is checked: an unconfigured store answers 404 whatever is sent, and
      // every attempt, well-formed or not, counts against the per-IP limit.
      preValidation: async (request, reply) => {
        if (!verifyGoogle) throw notFound('Google sign-in is not set up for this store.');
        limiter.hit(reply, [{ key: `social:ip:${request.ip}`, rule: rules(ctx).socialIp }]);
      },
      schema: { body: socialLoginBody, response: { 200: apiSocialLoginAnswerSchema } },
    },
    async (request, reply) => {
      // Already answered in preValidation; repeated so the type knows.
      if (!verifyGoogle) throw notFound('Google sign-in is not set up for this store.');
      // Only the signed credential is read; a name or email in the body is never trusted.
      const identity = await verifyCredential(verifyGoogle, request.body.credential, request);
      const { user, isNewUser, passwordRemoved } = await findOrCreateGoogleUser(
        ctx,
        identity,
      ).catch((error: unknown) => {
        // Two first sign-ins at once: the loser finds the account the winner created.
        if (isUniqueViolation(error)) return findOrCreateGoogleUser(ctx, identity);
        throw error;
      });
      await startSession(ctx.db, ctx, request, reply, user.id);
      return { isNewUser, passwordRemoved, user: await loadApiUser(ctx.db, user) };
    },
  );

  // The same answer for every email, known or not, and past the per-email limit the same 429
  // for every email too: nothing here tells whether an account exists (issue 35). The limits
  // count before the answer, alike for every email; the reset's work, which differs, runs
  // after it, so the answer's time does not tell either (issue 45).
  app.post(
    '/auth/forgot-password',
    { schema: { body: forgotPasswordBody, response: { 200: apiForgotPasswordAnswerSchema } } },
    async (request, reply) => {
      const { email } = request.body;
      limiter.hit(reply, [
        { key: `forgot:ip:${request.ip}`, rule: rules(ctx).forgotPasswordIp },
        { key: `forgot:email:${email.toLowerCase()}`, rule: rules(ctx).forgotPasswordEmail },
      ]);
      reply.afterAnswer(() => requestPasswordReset(ctx, email));
      return { message: ACCOUNT_MESSAGES.forgotPasswordSent };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { body: resetPasswordBody, response: { 200: apiLoginAnswerSchema } } },
    async (request, reply) => {
      const { token, password } = request.body;
      limiter.hit(reply, [{ key: `reset:ip:${request.ip}`, rule: rules(ctx).resetPasswordIp }]);
      const tokenHash = hashResetToken(token);
      // Looked at before the (deliberately slow) hash; `consume` below still decides under a race.
      if (!(await passwordResetsRepository(ctx.db).findUsable(tokenHash, ctx.clock.now()))) {
        throw invalidResetToken();
      }
      const passwordHash = await passwordGate.run(reply, 'other', () =>
        hashPassword(password, ctx.config.passwordCost),
      );
      const user = await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const resets = passwordResetsRepository(tx);
        const userId = await resets.consume(tokenHash, now);
        if (!userId) throw invalidResetToken();
        const account = usersRepository(tx);
        await account.setPasswordHash(userId, passwordHash);
        await resets.retireAllOf(userId, now);
        // Whoever knew the old password may be signed in somewhere: every session ends.
        await sessionsRepository(tx).removeAllOf(userId);
        await startSession(tx, ctx, request, reply, userId);
        const found = await account.findById(userId);
        if (!found) throw invalidResetToken();
        return found;
      });
      return { user: await loadApiUser(ctx.db, user), ...staffRoleOf(user) };
    },
  );

  // Reads no body: whatever a client sends, signing out works.
  app.post(
    '/auth/logout',
    { schema: { response: { 204: z.undefined() } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(ctx.db, token);
      clearSessionCookie(reply, ctx);
      return reply.status(204).send();
    },
  );

  // A guest is not an error: the browser asks at every start, so it answers 200 either way.
  app.get('/auth/me', { schema: { response: { 200: apiMeAnswerSchema } } }, async (request) => {
    const user = await getSessionUser(request, ctx);
    return user ? { user: await loadApiUser(ctx.db, user), ...staffRoleOf(user) } : { user: null };
  });
};

/**
 * Starts a fresh session and sets its cookie. A session the browser already carried is ended
 * first, so signing in never keeps a token that existed before (session fixation).
 */
async function startSession(
  db: Queryable,
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, previous);
  setSessionCookie(reply, ctx, await createSession(db, userId, ctx.clock.now()));
}

async function verifyCredential(
  verify: GoogleVerifier,
  credential: string,
  request: FastifyRequest,
): Promise<GoogleIdentity> {
  try {
    return await verify(credential);
  } catch (error) {
    if (error instanceof GoogleTokenRejected) {
      request.log.info({ reason: error.message }, 'Google credential rejected');
      throw googleLoginFailed();
    }
    if (error instanceof GoogleUnavailable) {
      request.log.warn({ err: error }, 'Google key set unavailable');
      throw new HttpError(
        503,
        'Google sign-in is not available right now. Please try again, or sign in with email.',
        'unavailable',
      );
    }
    throw error;
  }
}

/**
 * The account of a verified Google identity: the one linked to its subject; else the account
 * with the same email, linked now; else a new account without a password.
 *
 * Linking is where an account could be taken over: registration proves no email, so anyone can
 * register the victim's address with a password of their own and wait for the victim to sign
 * in with Google. Google has now proven who owns the address, and nobody proved the password, so
 * a customer account loses its password, every session, its saved contacts and its active cart
 * on linking (the answer's `passwordRemoved` lets the screen say so), and its name and mail
 * preferences become the proven side's (Google's name, the default); orders already placed stay.
 * Staff accounts are made by the admin, not self-registered, so theirs is kept.
 */
function findOrCreateGoogleUser(
  ctx: AppContext,
  identity: GoogleIdentity,
): Promise<{ user: UserRecord; isNewUser: boolean; passwordRemoved: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const users = usersRepository(tx);
    const linked = await users.findByGoogleSubject(identity.subject);
    if (linked) return { user: linked, isNewUser: false, passwordRemoved: false };
    const sameEmail = await users.findByEmail(identity.email);
    if (sameEmail) {
      // A removed staff member's account: proving the email gives it no way back in.
      if (isClosed(sameEmail)) throw googleLoginFailed();
      const dropPassword = sameEmail.role === 'customer' && sameEmail.passwordHash !== null;
      const takeOver = dropPassword ? { name: identity.name } : null;
      // Already linked to a different Google account: do not silently swap the link.
      if (!(await users.linkGoogleSubject(sameEmail.id, identity.subject, takeOver))) {
        throw googleLoginFailed();
      }
      if (dropPassword) {
        await sessionsRepository(tx).removeAllOf(sameEmail.id);
        // What the unproven registration saved would prefill the owner's checkout: it goes too.
        // Its orders stay, as the store's books.
        await contactsRepository(tx).removeAllOf(sameEmail.id);
        await cartsRepository(tx).removeActive(sameEmail.id);
      }
      return {
        user: takeOver ? { ...sameEmail, ...takeOver, passwordHash: null } : sameEmail,
        isNewUser: false,
        passwordRemoved: dropPassword,
      };
    }
    const created = await users.create({
      name: identity.name,
      email: identity.email,
      passwordHash: null,
      googleSubject: identity.subject,
    });
    return { user: created, isNewUser: true, passwordRemoved: false };
  });
}
