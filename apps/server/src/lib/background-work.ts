import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for: mail that goes only to addresses with an account (a reset
 * link, a confirmation) would otherwise make the answer slower exactly when the address is known. A failure
 * is logged, as the answer has gone. The server waits for what is still running before it closes.
 */
export function createBackgroundWork(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();

  function run(what: string, work: Promise<unknown>): void {
    const tracked: Promise<void> = work
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, `${what} failed`),
      )
      .finally(() => running.delete(tracked));
    running.add(tracked);
  }

  /** Resolves once nothing runs any more, including work started meanwhile. */
  async function settled(): Promise<void> {
    while (running.size > 0) await Promise.all(running);
  }

  return { run, settled };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
