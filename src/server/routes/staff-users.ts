import { z } from 'zod';
import { registerSchema, idSchema } from '../../domain';
import { adminGuard, requireUser } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiStaffUserSchema } from '../http/api-schemas';
import {
  addStaffAccount,
  listStaffAccounts,
  removeStaffAccount,
  resetStaffPassword,
} from '../staff/accounts';

/**
 * The staff's accounts (issue 9), the admin's alone: a staff member gets 403 like a customer.
 * Name, email and password follow registration's rules (`domain/account.ts`).
 */

const newStaffBody = registerSchema
  .pick({ name: true, email: true, password: true })
  .meta({ sentences: true });

const passwordBody = z
  .object(
    { password: registerSchema.shape.password },
    { error: 'Send the new password as a JSON object: {"password": "..."}.' },
  )
  .meta({ sentences: true });

const userParams = z.object({ id: idSchema });
const noContent = { 204: z.undefined() };

export const staffUserRoutes: RouteModule = (app, ctx) => {
  const guard = adminGuard(ctx);

  app.get(
    '/staff/users',
    { preValidation: guard, schema: { response: { 200: z.array(apiStaffUserSchema) } } },
    () => listStaffAccounts(ctx.db),
  );

  app.post(
    '/staff/users',
    { preValidation: guard, schema: { body: newStaffBody, response: { 201: apiStaffUserSchema } } },
    async (request, reply) => {
      const user = await addStaffAccount(ctx.db, request.body, ctx.config.passwordCost);
      return reply.status(201).send(user);
    },
  );

  app.delete(
    '/staff/users/:id',
    { preValidation: guard, schema: { params: userParams, response: noContent } },
    async (request, reply) => {
      const caller = await requireUser(request, ctx);
      await removeStaffAccount(ctx.db, caller.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/staff/users/:id/password',
    {
      preValidation: guard,
      schema: { params: userParams, body: passwordBody, response: noContent },
    },
    async (request, reply) => {
      await resetStaffPassword(
        ctx.db,
        request.params.id,
        request.body.password,
        ctx.config.passwordCost,
      );
      return reply.status(204).send();
    },
  );
};
