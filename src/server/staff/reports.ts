import { storeDate, stripInvisible, toDollars, type ApiTodayReport } from '../../domain';
import type { Clock } from '../clock';
import type { Queryable } from '../data/db';
import { badRequest } from '../http/errors';
import {
  reportsRepository,
  type DayOrder,
  type ReportCursor,
  type ReportOrder,
} from '../repositories/reports';
import { dayNumber, storeDateTime, storeDaysRange } from './store-days';

/** The staff's reports (issue 9): today's numbers and the orders of a range as CSV. */

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/**
 * Today's numbers from the day's orders, each kept apart (issue 31): how many came in and what
 * became of them (accepted by the staff, declined by the staff, missed by the acceptance window,
 * cancelled after accepting), the money of the sold ones (accepted, not cancelled) split into
 * food, HST, tips and delivery fees, and the median and slowest time to accept. Orders placed
 * today for a later day are listed apart (`scheduledLater`) and counted in none of these.
 */
export function summariseDay(date: string, all: readonly DayOrder[]): ApiTodayReport {
  // An order placed today for a later day is that day's business: listed apart, not counted.
  const forLater = (order: DayOrder) =>
    order.scheduledTime !== null && storeDate(order.scheduledTime) > date;
  const orders = all.filter((order) => !forLater(order));
  const sold = orders.filter((order) => order.sold);
  const sum = (cents: (order: DayOrder) => number) =>
    toDollars(sold.reduce((total, order) => total + cents(order), 0));
  const acceptSeconds = orders.flatMap((order) =>
    order.accepted && order.acceptSeconds !== null ? [order.acceptSeconds] : [],
  );
  const middle = median(acceptSeconds);
  return {
    date,
    received: orders.length,
    accepted: orders.filter((order) => order.accepted).length,
    declined: orders.filter((order) => order.status === 'declined' && !order.missed).length,
    missed: orders.filter((order) => order.status === 'declined' && order.missed).length,
    cancelled: orders.filter((order) => order.status === 'cancelled').length,
    foodSales: sum((order) => order.subtotalCents),
    hst: sum((order) => order.hstCents),
    tips: sum((order) => order.tipCents),
    deliveryFees: sum((order) => order.deliveryFeeCents),
    medianAcceptSeconds: middle === null ? null : Math.round(middle),
    slowestAcceptSeconds:
      acceptSeconds.length === 0 ? null : Math.round(Math.max(...acceptSeconds)),
    // Still to be made: waiting for an answer, or accepted and not cancelled.
    scheduledLater: all.flatMap((order) =>
      order.scheduledTime && forLater(order) && (order.status === 'pending' || order.sold)
        ? [
            {
              number: order.number,
              scheduledFor: order.scheduledTime.toISOString(),
              total: toDollars(order.totalCents),
            },
          ]
        : [],
    ),
  };
}

export async function todayReport(db: Queryable, clock: Clock): Promise<ApiTodayReport> {
  const date = storeDate(clock.now());
  const { from, to } = storeDaysRange(date, date);
  return summariseDay(date, await reportsRepository(db).dayOrders(from, to));
}

export const MAX_REPORT_DAYS = 366;

/** The range's days checked: real dates, `from` not after `to`, at most a year and a day. */
export function checkRange(from: string, to: string): { from: string; to: string } {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (first === null || last === null) {
    throw badRequest('Please give from and to as dates like 2026-11-24.');
  }
  if (first > last) throw badRequest('The start date must not be after the end date.');
  if (last - first + 1 > MAX_REPORT_DAYS) {
    throw badRequest(`Please choose at most ${MAX_REPORT_DAYS} days at a time.`);
  }
  return { from, to };
}

export const CSV_HEADER = [
  'number',
  'placed at (Toronto time)',
  'status',
  'customer name',
  'phone',
  'delivery type',
  'payment option',
  'scheduled time (Toronto time)',
  'food',
  'HST',
  'tip',
  'delivery fee',
  'total',
  'seconds to accept',
  'items',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
 * doubled. A cell a spreadsheet would read as a formula (= + - @, tab or CR first) gets a
 * leading apostrophe, so a customer's name cannot run code on the store's computer. Judged in
 * NFKC without invisible characters (`stripInvisible`: bidi controls, zero-width spaces), as a
 * spreadsheet may read it: a full-width '＝' is an '=', '\u200B=' is an '='.
 */
export function csvCell(value: string): string {
  const formula = /^[=+\-@\t\r]/.test(stripInvisible(value.normalize('NFKC')));
  const safe = formula ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const money = (cents: number): string => (cents / 100).toFixed(2);

function itemsInWords(order: ReportOrder): string {
  return order.items
    .map((item) => {
      const options = item.description ? ` (${item.description})` : '';
      return `${item.quantity} x ${item.name}${options}`;
    })
    .join('; ');
}

function csvRow(order: ReportOrder): string[] {
  return [
    String(order.number),
    storeDateTime(order.createdAt),
    // The same words as today's numbers: a decline by the acceptance window is "missed".
    order.missed ? 'missed' : order.status,
    order.customerName,
    order.phone,
    order.deliveryType,
    order.paymentOption,
    order.scheduledTime ? storeDateTime(order.scheduledTime) : '',
    money(order.subtotalCents),
    money(order.hstCents),
    money(order.tipCents),
    money(order.deliveryFeeCents),
    money(order.totalCents),
    order.acceptSeconds === null ? '' : String(Math.round(order.acceptSeconds)),
    itemsInWords(order),
  ];
}

/** Orders read and written out at a time; the process serves others between pages. */
export const CSV_PAGE_SIZE = 100;

const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Lets the requests that arrived meanwhile run (their I/O and timers) before going on. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The orders placed on the store's days `from` to `to` (both included) as CSV, lines ending in
 * CRLF as RFC 4180 has them: the header, then a chunk per page of orders. A year of a busy
 * store is thousands of orders; read and written whole it held the process (and PGlite's one
 * connection) for hundreds of milliseconds, so the pages are read by their order, one short
 * query each, with a turn for the other requests between them.
 */
export async function* ordersCsv(db: Queryable, from: string, to: string): AsyncGenerator<string> {
  const range = storeDaysRange(from, to);
  const reports = reportsRepository(db);
  // The header comes with the first page, so a caller that waits for the first chunk knows
  // the database answered before it starts the file.
  let before = csvLine(CSV_HEADER);
  let after: ReportCursor | null = null;
  for (;;) {
    const page = await reports.ordersPage({
      from: range.from,
      to: range.to,
      after,
      limit: CSV_PAGE_SIZE,
    });
    yield before + page.map((order) => csvLine(csvRow(order))).join('');
    before = '';
    const last = page.at(-1);
    if (page.length < CSV_PAGE_SIZE || !last) return;
    after = last.cursor;
    await yieldToOthers();
  }
}
