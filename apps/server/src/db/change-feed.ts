import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber hears: each notification, and whether it can currently hear them at all. */
export type ChangeListener = {
  onMessage: (payload: string) => void;
  /** false: the connection is lost and notifications may be missed; true: listening (again), earlier ones may have been missed. */
  onLiveChange: (isLive: boolean) => void;
};

export type Subscription = {
  /**
   * Resolves once this subscriber has heard every notification committed before the call: a request that
   * changed something waits for it, so its own instance never answers its next request from before the
   * change. If that cannot be confirmed, the subscriber is told `all` (forget everything).
   */
  sync: () => Promise<void>;
  close: () => Promise<void>;
};

/** PostgreSQL notifications (NOTIFY, sent at commit) on one channel, from every connection and every instance. */
export type ChangeFeed = {
  subscribe: (channel: string, listener: ChangeListener) => Promise<Subscription>;
};

export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return {
    async subscribe(channel, listener) {
      // One process holds the embedded database: its notifications cannot be missed, and each is heard
      // before the query that committed it returns, so there is nothing to wait for.
      const unlisten = await client.listen(channel, listener.onMessage);
      listener.onLiveChange(true);
      return {
        sync: async () => undefined,
        close: async () => {
          listener.onLiveChange(false);
          await unlisten();
        },
      };
    },
  };
}

const reconnectDelaysMs = [100, 500, 1000, 2000, 5000];
/** A sync marker's own notification; markers are the feed's, never passed on. */
const syncPrefix = 'skylog-sync:';
const syncTimeoutMs = 2000;
/** A connection can die without a word (a dropped NAT entry, a failover): a sync every so often proves it alive. */
const heartbeatMs = 15_000;
export const changeFeedApplicationName = 'skylog-change-feed';

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
      const markers = new Map<string, () => void>();

      const scheduleRetry = () => {
        if (isClosed) return;
        retry = setTimeout(() => void connect(), reconnectDelaysMs[Math.min(failures, reconnectDelaysMs.length - 1)]);
        failures += 1;
      };
      /** This connection can no longer be trusted to carry every notification: stop serving, reconnect. */
      const lose = (client: pg.Client) => {
        if (current !== client) return;
        current = null;
        listener.onLiveChange(false);
        void client.end().catch(() => undefined);
        scheduleRetry();
      };
      const connect = async () => {
        // Named, so an operator (and the tests) can tell it in pg_stat_activity; keep-alive notices a dead peer.
        const client = new pg.Client({ connectionString, application_name: changeFeedApplicationName, keepAlive: true });
        client.on('notification', (message) => {
          if (message.channel !== channel) return;
          const payload = message.payload ?? '';
          if (payload.startsWith(syncPrefix)) markers.get(payload)?.();
          else listener.onMessage(payload);
        });
        // A lost connection also ends the client ('end' below); the error itself needs no other handling.
        client.on('error', (error) => onWarning(`change feed ${channel}: ${error.message}`));
        client.on('end', () => lose(client));
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

      // Notifications reach a listener in commit order: once its own marker, sent after the caller's
      // changes committed, has come back, every notification of those changes has been heard.
      const sync = async () => {
        const client = current;
        if (!client) return;
        const marker = `${syncPrefix}${randomUUID()}`;
        let timer: NodeJS.Timeout | undefined;
        const heard = new Promise<void>((resolve) => markers.set(marker, resolve));
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('no answer')), syncTimeoutMs);
        });
        try {
          await Promise.race([client.query('select pg_notify($1, $2)', [channel, marker]).then(() => heard), timeout]);
        } catch {
          onWarning(`change feed ${channel}: a notification did not come back within ${syncTimeoutMs} ms; reconnecting`);
          lose(client);
        } finally {
          clearTimeout(timer);
          markers.delete(marker);
        }
      };
      const heartbeat = setInterval(() => void sync(), heartbeatMs);
      heartbeat.unref();

      await connect();
      return {
        sync,
        async close() {
          isClosed = true;
          clearTimeout(retry);
          clearInterval(heartbeat);
          const client = current;
          current = null;
          listener.onLiveChange(false);
          await client?.end();
        },
      };
    },
  };
}
