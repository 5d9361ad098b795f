import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber hears: each notification, and whether it can currently hear them at all. */
export type ChangeListener = {
  onMessage: (payload: string) => void;
  /** false: the connection is lost and notifications may be missed; true: listening (again), earlier ones may have been missed. */
  onLiveChange: (isLive: boolean) => void;
};

/** PostgreSQL notifications (NOTIFY, sent at commit) on one channel, from every connection and every instance. */
export type ChangeFeed = {
  subscribe: (channel: string, listener: ChangeListener) => Promise<() => Promise<void>>;
};

export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return {
    async subscribe(channel, listener) {
      // One process holds the embedded database: its notifications cannot be missed.
      const unlisten = await client.listen(channel, listener.onMessage);
      listener.onLiveChange(true);
      return async () => {
        listener.onLiveChange(false);
        await unlisten();
      };
    },
  };
}

const reconnectDelaysMs = [100, 500, 1000, 2000, 5000];

/**
 * LISTEN needs a connection of its own (a pooled one goes back to the pool). When it drops, the
 * subscriber is told at once and it reconnects with back-off until the feed is closed.
 */
export function postgresChangeFeed(connectionString: string, onWarning: (message: string) => void = console.warn): ChangeFeed {
  return {
    async subscribe(channel, listener) {
      let current: pg.Client | null = null;
      let isClosed = false;
      let failures = 0;
      let retry: NodeJS.Timeout | undefined;

      const scheduleRetry = () => {
        if (isClosed) return;
        retry = setTimeout(() => void connect(), reconnectDelaysMs[Math.min(failures, reconnectDelaysMs.length - 1)]);
        failures += 1;
      };
      const connect = async () => {
        const client = new pg.Client({ connectionString });
        client.on('notification', (message) => {
          if (message.channel === channel) listener.onMessage(message.payload ?? '');
        });
        // A lost connection also ends the client ('end' below); the error itself needs no other handling.
        client.on('error', (error) => onWarning(`change feed ${channel}: ${error.message}`));
        client.on('end', () => {
          if (current !== client) return;
          current = null;
          listener.onLiveChange(false);
          scheduleRetry();
        });
        try {
          await client.connect();
          await client.query(`listen ${client.escapeIdentifier(channel)}`);
        } catch (error) {
          onWarning(`change feed ${channel}: cannot listen (${(error as Error).message}); retrying`);
          void client.end().catch(() => undefined);
          scheduleRetry();
          return;
        }
        if (isClosed) return void (await client.end());
        failures = 0;
        current = client;
        listener.onLiveChange(true);
      };

      await connect();
      return async () => {
        isClosed = true;
        clearTimeout(retry);
        const client = current;
        current = null;
        listener.onLiveChange(false);
        await client?.end();
      };
    },
  };
}
