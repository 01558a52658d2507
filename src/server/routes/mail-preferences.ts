import { z } from 'zod';
import { idSchema } from '../../domain';
import { requireUser, selfGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiMailPreferencesSchema } from '../http/api-schemas';
import { notFound } from '../http/errors';
import { usersRepository } from '../repositories/users';

const userParams = z.object({ userId: idSchema });
const ORDER_UPDATES_MESSAGE =
  'Please say whether to send the order update mails with true or false.';
const preferencesBody = z
  .object(
    { orderUpdates: z.boolean({ error: ORDER_UPDATES_MESSAGE }) },
    { error: ORDER_UPDATES_MESSAGE },
  )
  .meta({ sentences: true });
const preferencesAnswer = { 200: apiMailPreferencesSchema };

/**
 * A customer's mail preferences (issue 35), in the /api/user/:userId family: guarded before
 * the input is checked (`selfGuard`: 401 anonymous, 403 anyone else's id). Only the optional
 * order mails can be turned off; the receipt and the store's answer are always sent.
 */
export const mailPreferenceRoutes: RouteModule = (app, ctx) => {
  const users = usersRepository(ctx.db);
  const guard = selfGuard(ctx, 'params');

  app.get(
    '/user/:userId/mail-preferences',
    { preValidation: guard, schema: { params: userParams, response: preferencesAnswer } },
    async (request) => {
      const user = await requireUser(request, ctx);
      const orderUpdates = await users.orderUpdateMails(user.id);
      if (orderUpdates === null) throw notFound('No account with this id.');
      return { orderUpdates };
    },
  );

  app.put(
    '/user/:userId/mail-preferences',
    {
      preValidation: guard,
      schema: { params: userParams, body: preferencesBody, response: preferencesAnswer },
    },
    async (request) => {
      const user = await requireUser(request, ctx);
      const { orderUpdates } = request.body;
      if (!(await users.setOrderUpdateMails(user.id, orderUpdates))) {
        throw notFound('No account with this id.');
      }
      return { orderUpdates };
    },
  );
};
