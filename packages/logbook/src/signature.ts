/**
 * What an instructor's electronic signature covers (AC 120-78: the signed record must show any later change):
 * an entry's canonical content, its SHA-256, and a hash chain over a student's signed entries so that a deleted
 * or reordered entry is found too. Hashing uses Web Crypto, present in Node and in browsers.
 */

export type SignedValue = string | number | boolean | null | SignedValue[] | { [key: string]: SignedValue };

/** Numbers keep at most this many decimals: hours are logged to the tenth, positions to the metre. */
const numberDecimals = 6;

function normalise(value: SignedValue, path: string): SignedValue {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`${path} must be a finite number`);
    const rounded = Number(value.toFixed(numberDecimals));
    // -0 and 0 are one value in a logbook.
    return rounded === 0 ? 0 : rounded;
  }
  if (typeof value === 'string') return value.normalize('NFC').trim();
  if (Array.isArray(value)) return value.map((item, index) => normalise(item, `${path}[${index}]`));
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) {
    throw new TypeError(`${path} must be text, a number, true or false, null, a list or a plain object`);
  }
  {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return Object.fromEntries(keys.map((key) => [key, normalise(value[key] as SignedValue, `${path}.${key}`)]));
  }
}

/**
 * The canonical text of an entry: only `signedFields` (a field absent from the entry is signed as null, so
 * adding it later changes the hash), keys sorted at every depth, numbers rounded to 6 decimals with -0 as 0,
 * strings NFC-normalised and trimmed, as compact JSON.
 */
export function canonicalContent(entry: Record<string, unknown>, signedFields: readonly string[]): string {
  const picked: { [key: string]: SignedValue } = {};
  for (const field of [...signedFields].sort()) picked[field] = (entry[field] ?? null) as SignedValue;
  return JSON.stringify(normalise(picked, 'entry'));
}

/** One value as canonical text (keys sorted, numbers and text normalised): two values are the same entry content when these are equal. */
export const canonicalValue = (value: unknown): string => JSON.stringify(normalise((value ?? null) as SignedValue, 'value'));

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a text's UTF-8 bytes, in lowercase hexadecimal. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** The hash an instructor's signature stores for an entry. */
export const entryHash = (entry: Record<string, unknown>, signedFields: readonly string[]): Promise<string> =>
  sha256Hex(canonicalContent(entry, signedFields));

/** The link before the first entry of a chain. */
export const chainStart = '0'.repeat(64);

/** One signed entry's place in its student's chain: link = SHA-256(previous link + entry hash). */
export type ChainLink = { entryId: string; entryHash: string; link: string };

/** The chain over a student's signed entries, in logbook order, from each entry's id and hash. */
export async function buildChain(entries: { entryId: string; entryHash: string }[]): Promise<ChainLink[]> {
  const chain: ChainLink[] = [];
  let previous = chainStart;
  for (const { entryId, entryHash: hash } of entries) {
    previous = await sha256Hex(previous + hash);
    chain.push({ entryId, entryHash: hash, link: previous });
  }
  return chain;
}

export type ChainBreak = {
  /** Position in the stored chain where it first fails. */
  index: number;
  entryId: string;
  reason: 'changed' | 'deleted' | 'reordered' | 'link-altered' | 'unsigned-entry';
};
export type ChainVerification = { valid: true } | ({ valid: false } & ChainBreak);

/**
 * Checks the stored chain against itself and against the entries as they are now (in logbook order, with their
 * current hashes). Says at which entry it first breaks and why: an entry's content changed, an entry was deleted
 * or moved, a stored link was altered, or an entry is in the logbook but not in the chain.
 */
export async function verifyChain(stored: ChainLink[], current: { entryId: string; entryHash: string }[]): Promise<ChainVerification> {
  let previous = chainStart;
  for (const [index, link] of stored.entries()) {
    if ((await sha256Hex(previous + link.entryHash)) !== link.link)
      return { valid: false, index, entryId: link.entryId, reason: 'link-altered' };
    previous = link.link;
    const now = current[index];
    if (now?.entryId !== link.entryId) {
      const moved = current.some((entry) => entry.entryId === link.entryId);
      return { valid: false, index, entryId: link.entryId, reason: moved ? 'reordered' : 'deleted' };
    }
    if (now.entryHash !== link.entryHash) return { valid: false, index, entryId: link.entryId, reason: 'changed' };
  }
  const extra = current[stored.length];
  return extra ? { valid: false, index: stored.length, entryId: extra.entryId, reason: 'unsigned-entry' } : { valid: true };
}
