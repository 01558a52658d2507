import { z } from 'zod';
import { storeDate } from '../../domain';
import { staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiMenuHistorySchema } from '../http/api-schemas';
import { badRequest } from '../http/errors';
import { menuHistory } from '../staff/menu-history';
import { dayNumber } from '../staff/store-days';

const HISTORY_MESSAGE =
  'Please give either an item (id: a product, topping or category id, or a flavour name) or a day like 2026-11-24, not both.';

const historyQuery = z
  .object({ id: z.string().min(1).max(200).optional(), day: z.string().optional() })
  .meta({ sentences: true });

/**
 * GET /api/staff/menu/history: the menu's changes, newest first: of one item (`id`), or of one
 * of the store's days (`day`, YYYY-MM-DD; today when neither is given). Any staff member may
 * read it: the history is how a shift learns who marked the wings sold out.
 */
export const staffMenuHistoryRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/staff/menu/history',
    {
      preValidation: staffGuard(ctx),
      schema: { querystring: historyQuery, response: { 200: z.array(apiMenuHistorySchema) } },
    },
    (request) => {
      const { id, day } = request.query;
      if (id !== undefined && day !== undefined) throw badRequest(HISTORY_MESSAGE);
      if (id !== undefined) return menuHistory(ctx.db, { subjectId: id });
      const date = day ?? storeDate(ctx.clock.now());
      if (dayNumber(date) === null) throw badRequest(HISTORY_MESSAGE);
      return menuHistory(ctx.db, { day: date });
    },
  );
};
