import { z } from 'zod';
import { ACCOUNT_MESSAGES, deleteAccountSchema, idSchema } from '../../domain';
import { createPasswordGate } from '../auth/password-gate';
import { createRateLimiter } from '../auth/rate-limit';
import { clearSessionCookie, requireUser, selfGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiAccountDeletedSchema, apiAccountExportSchema } from '../http/api-schemas';
import { deleteAccount } from '../privacy/delete-account';
import { exportAccount } from '../privacy/export-account';

const userParams = z.object({ userId: idSchema });
// The messages are whole sentences for the My Account dialog.
const deleteBody = deleteAccountSchema.meta({ sentences: true });

/**
 * An account's own data (issue 35, PIPEDA): download it, or delete the account. Both name the
 * user in the path and are guarded like the contacts (`selfGuard`: 401 anonymous, 403 anyone
 * else's id). Deleting is a POST to `.../delete`, not a DELETE: it carries a confirmation in its
 * body, and a DELETE's body is one that proxies and clients may drop (docs/api.md).
 */
export const privacyRoutes: RouteModule = (app, ctx) => {
  const guard = selfGuard(ctx, 'params');
  // One per app, as the sign-in routes' (tests build many apps).
  const limiter = createRateLimiter(ctx.clock);
  const passwordGate = createPasswordGate(ctx.config.passwordChecks);

  app.get(
    '/user/:userId/export',
    {
      preValidation: guard,
      schema: { params: userParams, response: { 200: apiAccountExportSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, ctx);
      const data = await exportAccount(ctx.db, ctx.clock, user.id);
      const day = data.exportedAt.slice(0, 10);
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="my-pizza-account-${day}.json"`);
      return data;
    },
  );

  app.post(
    '/user/:userId/delete',
    {
      preValidation: guard,
      schema: {
        params: userParams,
        body: deleteBody,
        response: { 200: apiAccountDeletedSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, ctx);
      // A stolen session must not become a way to guess the account's password.
      limiter.hit(reply, [
        { key: `delete-account:${user.id}`, rule: ctx.config.rateRules.loginAccountIp },
      ]);
      await deleteAccount({
        db: ctx.db,
        userId: user.id,
        input: request.body,
        check: (work) => passwordGate.run(reply, 'trusted', work),
        cost: ctx.config.passwordCost,
      });
      clearSessionCookie(reply, ctx);
      reply.header('cache-control', 'no-store');
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
