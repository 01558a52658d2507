import { adminGuard, requireUser } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiOutboxMailSchema, apiOutboxSchema } from '../http/api-schemas';
import { listOutbox, queueTestMail } from '../mail/outbox-admin';

/**
 * The admin's Outbox (issue 35): every outgoing mail with its state and text, and a test mail to
 * the admin's own address. The mails name customers and hold reset links: the admin's alone.
 */
export const staffOutboxRoutes: RouteModule = (app, ctx) => {
  const guard = adminGuard(ctx, 'Only the store admin can see the outbox.');

  app.get(
    '/staff/outbox',
    { preValidation: guard, schema: { response: { 200: apiOutboxSchema } } },
    () => listOutbox(ctx),
  );

  app.post(
    '/staff/outbox/test',
    {
      preValidation: guard,
      schema: { response: { 201: apiOutboxMailSchema } },
    },
    async (request, reply) => {
      const admin = await requireUser(request, ctx);
      return reply.status(201).send(await queueTestMail(ctx, admin.email, admin.id));
    },
  );
};
