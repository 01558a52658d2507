import pg from 'pg';

/**
 * Whether `error` says the database cannot be reached right now (dropped or refused connection,
 * a timeout, the server shutting down or full), as opposed to a fault in our SQL. Such a request
 * is answered 503 so a client knows that trying again shortly is the right thing to do.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutting down, cannot connect
    // now), 57014 (our statement timeout), 53300 (too many connections); and the socket's own.
    if (/^08|^57P0[1-3]$|^57014$|^53300$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'].includes(code)) {
      return true;
    }
  }
  // node-postgres reports a lost or silent connection by message only.
  return /Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}

/** An error from the server about the statement (SQLSTATE) leaves the connection usable. */
export function connectionLost(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  // 08: connection exception; 57P: the server is shutting the session down.
  return /^(08|57P)/.test(error.code ?? '');
}

/**
 * Deadlocks and serialisation failures are the server telling us another transaction won a race;
 * the loser's work is undone and running it again normally succeeds. No other error is retried:
 * a constraint violation or a timeout would fail the same way again, only slower.
 */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

export function isRetryable(error: unknown): boolean {
  return error instanceof pg.DatabaseError && RETRYABLE_CODES.has(error.code ?? '');
}

/** What went wrong, in words, including every attempt of a connection tried on several addresses. */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(describeError).join('; ');
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return error.message || code || error.name;
  }
  return String(error);
}
