/** The admin's Outbox (GET /api/staff/outbox) lists at most this many, the newest first. */
export const OUTBOX_LIST_LIMIT = 100;
