import pg from 'pg';
import type { DatabaseLog, Unlisten } from './types';
import { withTimeout } from './timeout';

/** The listener's first wait before reopening a lost connection, doubled up to the second. */
const LISTEN_BACKOFF_MS = { first: 250, max: 5_000 } as const;

export interface ListenerSetup {
  /** The listener's own connection: the pool's settings, under its own application_name. */
  client: pg.ClientConfig;
  /** host:port/database, for the log. */
  server: string;
  /** How long stopping waits for the connection to close. */
  closeTimeoutMs: number;
  log: DatabaseLog;
}

export interface ListenerCallbacks {
  onNotify: (payload: string) => void;
  onReconnect: (() => void) | undefined;
  onLost: (() => void) | undefined;
}

/**
 * One LISTEN on a connection of its own, named `<application_name>-listen` so operators (and
 * tests) can tell it from the pool's. Lost (server restart, failover, pg_terminate_backend): it
 * is reopened after 250 ms, then 500 ms, ... at most 5 s apart, until it is back or stopped.
 */
export async function listenPostgres(
  { client: clientConfig, server, closeTimeoutMs, log }: ListenerSetup,
  channel: string,
  { onNotify, onReconnect, onLost }: ListenerCallbacks,
): Promise<Unlisten> {
  let current: pg.Client | null = null;
  let stopped = false;
  // Read through a function: the flag changes in callbacks, between the awaits below.
  const isStopped = () => stopped;
  let timer: NodeJS.Timeout | undefined;
  let delay: number = LISTEN_BACKOFF_MS.first;

  const lost = (client: pg.Client, error?: Error) => {
    // 'error' and 'end' both come for one loss; and a replaced client's news is old news.
    if (client !== current) return;
    current = null;
    client.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err: error, server, channel }, 'database listener lost; reconnecting');
    onLost?.();
    retryLater();
  };

  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client(clientConfig);
    const connection = { dead: false };
    // Listened to before connecting: an unhandled 'error' on a client would end the process.
    client.on('error', (error) => {
      connection.dead = true;
      lost(client, error);
    });
    client.on('end', () => {
      connection.dead = true;
      lost(client);
    });
    client.on('notification', (message) => {
      if (!stopped && client === current && message.channel === channel) {
        onNotify(message.payload ?? '');
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    // Lost between the LISTEN and here: report it as a failed attempt, not a live listener.
    if (connection.dead) throw new Error('the listener connection closed while starting');
    return client;
  };

  const retryLater = () => {
    timer = setTimeout(() => void reconnect(), delay);
    // A listener waiting to reconnect must not keep a finished process alive.
    timer.unref();
    delay = Math.min(delay * 2, LISTEN_BACKOFF_MS.max);
  };

  const reconnect = async () => {
    timer = undefined;
    if (stopped) return;
    let client: pg.Client;
    try {
      client = await open();
    } catch (error) {
      if (isStopped()) return;
      log.warn({ err: error, server, channel }, 'database listener could not reconnect; retrying');
      retryLater();
      return;
    }
    if (isStopped()) {
      client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = LISTEN_BACKOFF_MS.first;
    log.info({ server, channel }, 'database listener reconnected');
    onReconnect?.();
  };

  current = await open();
  return async () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    if (client) {
      await withTimeout(client.end(), closeTimeoutMs, 'listener did not close').catch(
        () => undefined,
      );
    }
  };
}
