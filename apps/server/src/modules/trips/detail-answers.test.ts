import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedAnswer } from '../../lib/encoded-answer.ts';
import { createTripDetailAnswers, tripDetailKey } from './detail-answers.ts';

const allRights = { canEdit: true, canDebrief: true, canShare: true, canDelete: true };
const readOnly = { canEdit: false, canDebrief: false, canShare: false, canDelete: false };

describe('flight details kept in memory', () => {
  it('keeps one answer per flight, version and rights: another version or other rights is another key', () => {
    expect(tripDetailKey('t1', '10 - 5', allRights)).not.toBe(tripDetailKey('t1', '10 - 5', readOnly));
    expect(tripDetailKey('t1', '10 - 5', readOnly)).not.toBe(tripDetailKey('t1', '11 - 5', readOnly));
    expect(tripDetailKey('t1', '10 - 5', { ...readOnly, canShare: true })).not.toBe(
      tripDetailKey('t1', '10 - 5', { ...readOnly, canDelete: true }),
    );
  });

  it('compresses an answer once per encoding, and each form decodes to the JSON it was given', () => {
    const json = JSON.stringify({ trip_name: 'Pattern work', markers: Array.from({ length: 200 }, (_, index) => ({ timestamp: index })) });
    const grown: number[] = [];
    const answer = encodedAnswer(json, (added) => grown.push(added));
    const br = answer.bytes('br');
    expect(answer.bytes('br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(answer.bytes('gzip')).toString()).toBe(json);
    expect(answer.bytes('identity').toString()).toBe(json);
    expect(grown).toHaveLength(2);
    expect(answer.size()).toBe(json.length + grown[0]! + grown[1]!);
  });

  it('lets the least recently sent go first, by count and by bytes, compressed forms counted', () => {
    const answers = createTripDetailAnswers({ maxEntries: 3, maxBytes: 10_000 });
    const keep = (flight: string, bytes: number) => {
      const key = tripDetailKey(flight, 'v1', readOnly);
      answers.set(
        key,
        encodedAnswer('x'.repeat(bytes), (added) => answers.grew(key, added)),
      );
      return key;
    };
    const [a, b] = [keep('a', 100), keep('b', 100)];
    keep('c', 100);
    expect(answers.get(a)).toBeDefined();
    keep('d', 100);
    // b was sent least recently: it went; a, read again, stayed.
    expect(answers.get(b)).toBeUndefined();
    expect(answers.hasFlight('b')).toBe(false);
    expect(answers.hasFlight('a')).toBe(true);
    expect(answers.size()).toBe(3);

    // One answer over a tenth of the room is not kept.
    keep('e', 1_001);
    expect(answers.hasFlight('e')).toBe(false);
    // A compressed form made after the answer was kept counts toward the bytes.
    const big = createTripDetailAnswers({ maxEntries: 100, maxBytes: 2_000 });
    const keys = ['f', 'g'].map((flight) => {
      const key = tripDetailKey(flight, 'v1', readOnly);
      big.set(
        key,
        encodedAnswer(JSON.stringify(Array.from({ length: 40 }, (_, index) => index)), (added) => big.grew(key, added)),
      );
      return key;
    });
    const before = big.bytes();
    big.get(keys[0]!)!.bytes('gzip');
    expect(big.bytes()).toBeGreaterThan(before);
  });
});
