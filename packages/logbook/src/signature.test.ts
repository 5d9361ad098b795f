import { describe, expect, it } from 'vitest';
import { buildChain, canonicalContent, chainStart, entryHash, sha256Hex, verifyChain } from './signature.ts';

const signedFields = ['date', 'totalHours', 'dualReceivedHours', 'route', 'remarks'] as const;
const entry = (id: string, fields: Record<string, unknown>) => ({
  id,
  date: '2024-03-01',
  totalHours: 1.2,
  dualReceivedHours: 1.2,
  ...fields,
});

describe('canonicalContent', () => {
  it('keeps only the signed fields, in a stable key order at every depth', () => {
    const a = { totalHours: 1.2, date: '2024-03-01', route: [{ longitude: -90.6, latitude: 38.6 }], unsigned: 'anything' };
    const b = { route: [{ latitude: 38.6, longitude: -90.6 }], date: '2024-03-01', totalHours: 1.2, unsigned: 'else' };
    expect(canonicalContent(a, signedFields)).toBe(canonicalContent(b, signedFields));
    expect(canonicalContent(a, signedFields)).toBe(
      '{"date":"2024-03-01","dualReceivedHours":null,"remarks":null,"route":[{"latitude":38.6,"longitude":-90.6}],"totalHours":1.2}',
    );
  });

  it('normalises numbers and text so that equal values sign alike', () => {
    const a = canonicalContent({ totalHours: 0.1 + 0.2, dualReceivedHours: -0, remarks: ' Cafe\u0301 ' }, signedFields);
    const b = canonicalContent({ totalHours: 0.3, dualReceivedHours: 0, remarks: 'Café' }, signedFields);
    expect(a).toBe(b);
  });

  it('refuses a number that is not finite, naming the field', () => {
    expect(() => canonicalContent({ totalHours: Number.NaN }, signedFields)).toThrow(/entry\.totalHours/);
    expect(() => canonicalContent({ date: new Date('2024-03-01') }, signedFields)).toThrow(/entry\.date/);
  });
});

describe('entryHash', () => {
  it('is the SHA-256 of the canonical content', async () => {
    // The SHA-256 test vector of FIPS 180-2: "abc".
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const content = entry('a', {});
    expect(await entryHash(content, signedFields)).toBe(await sha256Hex(canonicalContent(content, signedFields)));
  });

  it('changes when a signed field changes, and comes back when the change is undone', async () => {
    const signed = await entryHash(entry('a', {}), signedFields);
    expect(await entryHash(entry('a', { totalHours: 1.3 }), signedFields)).not.toBe(signed);
    expect(await entryHash(entry('a', { totalHours: 1.2 }), signedFields)).toBe(signed);
    expect(await entryHash(entry('a', { notSigned: 'x' }), signedFields)).toBe(signed);
  });
});

describe('the chain over a student’s signed entries', () => {
  const entries = [entry('a', {}), entry('b', { date: '2024-03-02' }), entry('c', { date: '2024-03-05', remarks: 'Steep turns' })];
  const hashed = () => Promise.all(entries.map(async (item) => ({ entryId: item.id, entryHash: await entryHash(item, signedFields) })));

  it('links each entry to the one before', async () => {
    const current = await hashed();
    const chain = await buildChain(current);
    expect(chain[0]?.link).toBe(await sha256Hex(chainStart + current[0]?.entryHash));
    expect(chain[1]?.link).toBe(await sha256Hex((chain[0]?.link ?? '') + current[1]?.entryHash));
    expect(await verifyChain(chain, current)).toEqual({ valid: true });
  });

  it('finds a changed entry', async () => {
    const current = await hashed();
    const chain = await buildChain(current);
    const changed = [...current];
    changed[1] = { entryId: 'b', entryHash: await entryHash({ ...entries[1], totalHours: 2 }, signedFields) };
    expect(await verifyChain(chain, changed)).toEqual({ valid: false, index: 1, entryId: 'b', reason: 'changed' });
  });

  it('finds a deleted entry', async () => {
    const current = await hashed();
    const chain = await buildChain(current);
    expect(
      await verifyChain(
        chain,
        [current[0], current[2]].filter((item) => item !== undefined),
      ),
    ).toEqual({
      valid: false,
      index: 1,
      entryId: 'b',
      reason: 'deleted',
    });
  });

  it('finds reordered entries', async () => {
    const current = await hashed();
    const chain = await buildChain(current);
    expect(
      await verifyChain(
        chain,
        [current[1], current[0], current[2]].filter((item) => item !== undefined),
      ),
    ).toEqual({
      valid: false,
      index: 0,
      entryId: 'a',
      reason: 'reordered',
    });
  });

  it('finds a stored link altered to hide a change, and an entry that was never signed', async () => {
    const current = await hashed();
    const chain = await buildChain(current);
    const forged = chain.map((link, index) => (index === 1 ? { ...link, entryHash: 'f'.repeat(64) } : link));
    expect(await verifyChain(forged, current)).toEqual({ valid: false, index: 1, entryId: 'b', reason: 'link-altered' });
    expect(await verifyChain(chain, [...current, { entryId: 'd', entryHash: 'e'.repeat(64) }])).toEqual({
      valid: false,
      index: 3,
      entryId: 'd',
      reason: 'unsigned-entry',
    });
  });
});
