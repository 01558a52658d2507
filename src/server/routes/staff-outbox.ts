import { z } from 'zod';
import { idSchema } from '../../domain';
import { adminGuard, requireUser, staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import {
  apiMailStatusSchema,
  apiOutboxMailSchema,
  apiOutboxRetrySchema,
  apiOutboxSchema,
} from '../http/api-schemas';
import {
  listOutbox,
  mailHtml,
  mailStatus,
  MAIL_PREVIEW_POLICY,
  queueTestMail,
  retryWaitingMails,
} from '../mail/outbox-admin';

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

  // An HTML document, not JSON: the Outbox shows it in a sandboxed frame (its own policy).
  app.get(
    '/staff/outbox/:id/html',
    { preValidation: guard, schema: { params: z.object({ id: idSchema }) } },
    async (request, reply) => {
      const html = await mailHtml(ctx, request.params.id);
      return (
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', MAIL_PREVIEW_POLICY)
          .header('x-frame-options', 'SAMEORIGIN')
          // A sandboxed document has an opaque origin: asking to key its agent cluster by the
          // store's origin only earns a console warning.
          .removeHeader('origin-agent-cluster')
          .send(html)
      );
    },
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

  app.post(
    '/staff/outbox/retry',
    { preValidation: guard, schema: { response: { 200: apiOutboxRetrySchema } } },
    () => retryWaitingMails(ctx),
  );

  // Every staff member's bar shows the banner (they can tell the owner): no mail's words here.
  app.get(
    '/staff/mail-status',
    { preValidation: staffGuard(ctx), schema: { response: { 200: apiMailStatusSchema } } },
    () => mailStatus(ctx),
  );
};
