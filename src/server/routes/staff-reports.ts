import { Readable } from 'node:stream';
import { z } from 'zod';
import { staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiTodayReportSchema } from '../http/api-schemas';
import { checkRange, ordersCsv, todayReport } from '../staff/reports';

/**
 * The staff's reports (issue 9): today's numbers and the orders of a range of days as a CSV
 * file, days in the store's time zone. Staff or admin.
 */

const RANGE_MESSAGE = 'Please give from and to as dates like 2026-11-24.';

const rangeQuery = z
  .object(
    {
      from: z.string({ error: RANGE_MESSAGE }),
      to: z.string({ error: RANGE_MESSAGE }),
    },
    { error: RANGE_MESSAGE },
  )
  .meta({ sentences: true });

export const staffReportRoutes: RouteModule = (app, ctx) => {
  const guard = staffGuard(ctx);

  app.get(
    '/staff/reports/today',
    { preValidation: guard, schema: { response: { 200: apiTodayReportSchema } } },
    () => todayReport(ctx.db, ctx.clock),
  );

  app.get(
    '/staff/reports/orders.csv',
    { preValidation: guard, schema: { querystring: rangeQuery } },
    async (request, reply) => {
      const { from, to } = checkRange(request.query.from, request.query.to);
      const chunks = ordersCsv(ctx.db, from, to);
      // The first page read before answering: a database that fails it gets a JSON error, not
      // a file cut short. The rest is streamed, a page at a time (staff/reports.ts).
      const first = await chunks.next();
      const csv = Readable.from(
        (async function* () {
          if (!first.done) yield first.value;
          yield* chunks;
        })(),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
