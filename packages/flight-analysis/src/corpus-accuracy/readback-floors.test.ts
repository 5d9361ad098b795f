import { describe, expect, it } from 'vitest';
import { readbackCorpusDir, readReadbackSources, scoreReadbackSources } from './readback-accuracy.ts';

/**
 * Regression floors over the committed real exchanges (bench/corpus/readbacks), the figures `npm run bench --
 * accuracy` prints. Each floor is today's measured value rounded down: a change to the readback checker may
 * raise them, and must raise them here when it does, but never lower them. The floors of take-offs and
 * landings on the real flights need the server's airport database, so they are measured in the server
 * (apps/server/src/modules/analysis/corpus-accuracy.test.ts).
 */
const readbackFloors = { precision: 1, recall: 0.88, exactClass: 0.93 } as const;

describe('accuracy on the real pilot–controller exchanges of the corpus', () => {
  it('flags faulty readbacks at least as well as it did, flagging no correct one', () => {
    const { total } = scoreReadbackSources(readReadbackSources([readbackCorpusDir]));
    expect(total.pairs).toBeGreaterThan(0);
    expect(total.precision).toBeGreaterThanOrEqual(readbackFloors.precision);
    expect(total.recall).toBeGreaterThanOrEqual(readbackFloors.recall);
    expect(total.exactClass).toBeGreaterThanOrEqual(readbackFloors.exactClass);
  });
});
