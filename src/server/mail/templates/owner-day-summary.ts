import { formatMoney, toCents, type ApiTodayReport } from '../../../domain';
import type { MailContent } from '../render';

/** Seconds as the owner reads a wait: "45 s", "2 min 5 s"; "none" without accepted orders. */
function waitText(seconds: number | null): string {
  if (seconds === null) return 'none';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes === 0 ? `${rest} s` : `${minutes} min ${rest} s`;
}

/**
 * To the owner after closing: the day's numbers as the staff's Today report counts them
 * (staff/reports.ts `summariseDay`), each kept apart.
 */
export function ownerDaySummaryMail({ report }: { report: ApiTodayReport }): MailContent {
  const money = (dollars: number) => formatMoney(toCents(dollars));
  return {
    subject: `The day’s numbers for ${report.date}`,
    blocks: [
      { kind: 'heading', text: `Orders on ${report.date}` },
      {
        kind: 'rows',
        rows: [
          { label: 'Received', value: String(report.received), strong: true },
          { label: 'Accepted', value: String(report.accepted) },
          { label: 'Declined by the staff', value: String(report.declined) },
          { label: 'Missed (nobody answered)', value: String(report.missed) },
          { label: 'Cancelled after accepting', value: String(report.cancelled) },
        ],
      },
      {
        kind: 'rows',
        rows: [
          { label: 'Food sales', value: money(report.foodSales), strong: true },
          { label: 'HST collected', value: money(report.hst) },
          { label: 'Tips', value: money(report.tips) },
          { label: 'Delivery fees', value: money(report.deliveryFees) },
        ],
      },
      {
        kind: 'rows',
        rows: [
          { label: 'Median time to accept', value: waitText(report.medianAcceptSeconds) },
          { label: 'Slowest time to accept', value: waitText(report.slowestAcceptSeconds) },
        ],
      },
    ],
  };
}
