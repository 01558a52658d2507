import type { ApiTodayReport } from '../../src/domain';

/** The Today report of a day with no orders: zeros, and no times to accept (null, not 0). */
export function emptyDay(date: string): ApiTodayReport {
  return {
    date,
    received: 0,
    accepted: 0,
    declined: 0,
    missed: 0,
    cancelled: 0,
    foodSales: 0,
    hst: 0,
    tips: 0,
    deliveryFees: 0,
    medianAcceptSeconds: null,
    slowestAcceptSeconds: null,
    scheduledLater: [],
  };
}
