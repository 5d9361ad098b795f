import { limits } from '@skylog/contracts';
import type { TripRights } from '../../access/access.ts';
import type { EncodedAnswer } from '../../lib/encoded-answer.ts';

/**
 * Flight details as they were last sent, serialized and compressed, under the flight, the version of everything
 * they show (trips.repository.ts `findTripDetailVersion`) and the reader's rights, the one part that differs
 * between readers. A request still reads the flight's access columns and version from the database and is
 * authorized by them (access.ts requireTripRow); only then is an answer looked up, so a change made by any
 * instance, or in SQL, is never hidden: its version is another key. Nothing is announced or forgotten; old
 * versions are pushed out, the least recently sent first, once the entries or their bytes pass the limits.
 */
export type TripDetailAnswers = {
  get: (key: string) => EncodedAnswer | undefined;
  /** Whether any answer of the flight is kept: if none, a reader's version need not be asked before the whole read. */
  hasFlight: (id: string) => boolean;
  set: (key: string, answer: EncodedAnswer) => void;
  /** An answer kept under `key` gained a compressed form of `added` bytes. */
  grew: (key: string, added: number) => void;
  size: () => number;
  bytes: () => number;
};

/** An answer's key: the flight, its version and the reader's four rights. */
export function tripDetailKey(id: string, version: string, rights: TripRights): string {
  const bits = [rights.canEdit, rights.canDebrief, rights.canShare, rights.canDelete].map((right) => (right ? '1' : '0')).join('');
  return `${id} ${bits} ${version}`;
}

const flightOf = (key: string) => key.slice(0, key.indexOf(' '));

export function createTripDetailAnswers(
  options: { maxEntries: number; maxBytes: number } = { maxEntries: limits.tripDetailCacheEntries, maxBytes: limits.tripDetailCacheBytes },
): TripDetailAnswers {
  const { maxEntries, maxBytes } = options;
  // A Map keeps insertion order: an entry read again is moved to the end, so the first one is the least recently sent.
  const entries = new Map<string, { answer: EncodedAnswer; size: number }>();
  const entriesPerFlight = new Map<string, number>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
    const flight = flightOf(key);
    const left = (entriesPerFlight.get(flight) ?? 1) - 1;
    if (left > 0) entriesPerFlight.set(flight, left);
    else entriesPerFlight.delete(flight);
  };
  const fit = () => {
    while (entries.size > maxEntries || bytes > maxBytes) remove(entries.keys().next().value!);
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.answer;
    },
    set(key, answer) {
      remove(key);
      const size = answer.size();
      // One answer larger than a tenth of the room would push out many others: it is sent, not kept.
      if (size > maxBytes / 10) return;
      entries.set(key, { answer, size });
      bytes += size;
      const flight = flightOf(key);
      entriesPerFlight.set(flight, (entriesPerFlight.get(flight) ?? 0) + 1);
      fit();
    },
    grew(key, added) {
      const entry = entries.get(key);
      if (!entry) return;
      entry.size += added;
      bytes += added;
      fit();
    },
    hasFlight: (id) => entriesPerFlight.has(id),
    size: () => entries.size,
    bytes: () => bytes,
  };
}
