import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and settles no sooner than `floorMs` after it began, whatever its outcome: an answer that
 * must not tell whether an e-mail address has an account takes the same time either way, as long as the
 * work stays under the floor.
 */
export async function withAnswerFloor<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - startedAt);
    if (left > 0) await sleep(Math.ceil(left));
  }
}
