/** The data layer's shapes (db.ts says the contract they keep); the adapters in db/ implement them. */

/** What repositories need: parameterised SQL ($1, $2, ...) returning rows. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** One database, embedded (PGlite) or a server (a pool of connections); same SQL on both. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction: all of it commits or none of it does. On Postgres `work` may
   * run again after a deadlock or serialisation failure, so it must have no other effects.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (sent when, and only if, the
   * notifying transaction commits), in this process, from any connection to the same database.
   * Resolves once listening; rejects only if it cannot start. Afterwards a lost connection never
   * throws: it is reopened and `onReconnect` is called, because notifies sent while it was down
   * are gone. `onLost` is called when the connection is found lost, before the reconnecting
   * starts (a cache that relies on the notifies stops trusting itself until `onReconnect`).
   * Resolves to the function that stops listening; `close()` stops every listener.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<Unlisten>;
  close(): Promise<void>;
}

/** Stops a `listen()`; calling it again does nothing. */
export type Unlisten = () => Promise<void>;

/** Where the data layer reports what the process survived (the app passes its pino logger). */
export interface DatabaseLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
