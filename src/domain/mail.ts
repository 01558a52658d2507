/** The admin's Outbox (GET /api/staff/outbox) lists at most this many, the newest first. */
export const OUTBOX_LIST_LIMIT = 100;

/**
 * Mail counts as failing (the Outbox's and the staff bar's banner) once the present run of
 * failures is this old with nothing sent meanwhile (server/mail/health.ts decides).
 */
export const MAIL_FAILING_ALERT_MINUTES = 10;
