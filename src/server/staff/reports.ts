import {
  AUTO_DECLINE_REASON,
  storeDate,
  stripBidiControls,
  toDollars,
  type ApiTodayReport,
} from '../../domain';
import type { Clock } from '../clock';
import type { Queryable } from '../data/db';
import { badRequest } from '../http/errors';
import { reportsRepository, type ReportOrder } from '../repositories/reports';
import { dayNumber, storeDateTime, storeDaysRange } from './store-days';

/** The staff's reports (issue 9): today's numbers and the orders of a range as CSV. */

export async function todayReport(db: Queryable, clock: Clock): Promise<ApiTodayReport> {
  const date = storeDate(clock.now());
  const { from, to } = storeDaysRange(date, date);
  const summary = await reportsRepository(db).summary(from, to, AUTO_DECLINE_REASON);
  return {
    date,
    orders: summary.orders,
    sales: toDollars(summary.salesCents),
    averageAcceptSeconds:
      summary.averageAcceptSeconds === null ? null : Math.round(summary.averageAcceptSeconds),
    missed: summary.missed,
    declined: summary.declined,
    cancelled: summary.cancelled,
  };
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
  'subtotal',
  'HST',
  'tip',
  'delivery fee',
  'total',
  'items',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
 * doubled. A cell a spreadsheet would read as a formula (= + - @, tab or CR first) gets a
 * leading apostrophe, so a customer's name cannot run code on the store's computer. Judged in
 * NFKC without bidi controls, as a spreadsheet may read it: a full-width '＝' is an '='.
 */
export function csvCell(value: string): string {
  const formula = /^[=+\-@\t\r]/.test(stripBidiControls(value.normalize('NFKC')));
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
    order.status,
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
    itemsInWords(order),
  ];
}

/**
 * The orders placed on the store's days `from` to `to` (both included) as CSV, lines ending in
 * CRLF as RFC 4180 has them. Built in memory: one store's orders for a year are a few MB.
 */
export async function ordersCsv(db: Queryable, from: string, to: string): Promise<string> {
  const range = storeDaysRange(from, to);
  const orders = await reportsRepository(db).ordersBetween(range.from, range.to);
  const lines = [[...CSV_HEADER], ...orders.map(csvRow)].map((cells) =>
    cells.map(csvCell).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
