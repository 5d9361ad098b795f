import { randomUUID } from 'node:crypto';
import { type LogbookEntry, type LogbookSignature, type LogbookVerification, logbookMessages } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { emptyLogbookFields } from '@skylog/logbook';
import { readPdf } from '../../../test/support/pdf.ts';
import { logbookPdf, type LogbookPdfInput } from './logbook-pdf.ts';

/**
 * The printed logbook, read back with pdf.js as an examiner would read the sheets: pages of 17 entries, each
 * page's totals, every entry's signature state, and on every page the check of the signatures' chain.
 */

const pilotId = randomUUID();
const instructor = { name: 'Łukasz Nowak', certificate: 'CFI 3456789', expires: '2027-01-31' };

function signature(status: LogbookSignature['status'], changed: string[] = []): LogbookSignature {
  return {
    id: randomUUID(),
    instructor_id: randomUUID(),
    instructor_name: instructor.name,
    certificate_number: instructor.certificate,
    certificate_expires: instructor.expires,
    signed_at: '2025-03-20T16:30:00Z',
    method: 'password',
    hash: 'ab'.repeat(32),
    status,
    changed_fields: changed,
  };
}

/** The nth flight of a student: a day after the one before, 1.3 h of dual, 2 full-stop landings by day. */
function flight(index: number, fields: Partial<LogbookEntry> = {}): LogbookEntry {
  const date = new Date(Date.UTC(2025, 2, 1 + index)).toISOString().slice(0, 10);
  return {
    id: randomUUID(),
    pilot: { skylog_id: pilotId, name: 'Дмитрий Иванов', user_type: 'student' },
    trip_id: randomUUID(),
    source: 'flight',
    from_track: [],
    track_values: null,
    imported_attestation: null,
    signature: null,
    can_edit: true,
    can_sign: false,
    created_at: `${date}T18:00:00Z`,
    updated_at: `${date}T18:00:00Z`,
    ...emptyLogbookFields(date, 'airplane single-engine land'),
    aircraft_make_model: 'Cessna 172S',
    aircraft_identification: 'N12345',
    route: [
      { airport: 'KPAO', latitude: 37.46, longitude: -122.12, full_stop: false, towered: true },
      { airport: 'KHAF', latitude: 37.51, longitude: -122.5, full_stop: false, towered: false },
      { airport: 'KPAO', latitude: 37.46, longitude: -122.12, full_stop: true, towered: true },
    ],
    takeoff_at: `${date}T15:04:00Z`,
    landing_at: `${date}T16:22:00Z`,
    block_hours: 1.5,
    total_hours: 1.3,
    dual_received_hours: 1.3,
    day_takeoffs: 2,
    day_full_stop_landings: 2,
    landings: 2,
    ...fields,
  };
}

const longRemark = `Steep turns, slow flight and stalls; ${'the instructor wrote a very long note about the rudder on the break. '.repeat(25)}END-OF-NOTE`;

/** 40 entries: the first imported from a paper logbook, the 5th with a remark far longer than its cell, the 10th signed, the 21st signed and changed since. */
const entries = Array.from({ length: 40 }, (_, index) => {
  if (index === 0) return flight(0, { source: 'import', trip_id: null, route: [], imported_attestation: 'J. Smith CFI 1234567 exp 12/25' });
  if (index === 4) return flight(4, { remarks: longRemark });
  if (index === 9) return flight(9, { signature: signature('valid') });
  if (index === 20)
    return flight(20, {
      total_hours: 1.4,
      dual_received_hours: 1.4,
      signature: signature('invalid', ['total_hours', 'dual_received_hours']),
    });
  return flight(index);
});

const intactChain: LogbookVerification = {
  checked_at: '2025-04-10T10:00:00Z',
  signatures: 2,
  chain: { valid: true, break: null },
  invalid_entries: [{ entry_id: entries[20]!.id, date: entries[20]!.date, changed_fields: ['total_hours', 'dual_received_hours'] }],
};

const input = (fields: Partial<LogbookPdfInput>): LogbookPdfInput => ({
  layout: 'us',
  pilot: { name: 'Дмитрий Иванов', email: 'dmitry@example.test', certificateNumber: 'S 4455667' },
  entries,
  verification: intactChain,
  timezone: 'Europe/Berlin',
  madeAt: new Date('2025-04-10T10:05:00Z'),
  ...fields,
});

const tenths = (count: number) => Array<string>(count).fill('0.0');
const minutes = (count: number) => Array<string>(count).fill('0:00');

/** What the foot of a page shows after a totals label: each summed column's figure, in the columns' order. */
function totalsRow(text: string, label: string): string[] {
  const figures = new RegExp(`${label} ((?:[\\d.:]+ )*[\\d.:]+)`).exec(text)?.[1];
  return figures?.split(' ') ?? [];
}

describe('the logbook PDF, US layout (14 CFR 61.51(b))', () => {
  it('prints 17 entries a page, the signatures where they belong and the chain check on every page', async () => {
    const pdf = await readPdf(await logbookPdf(input({})));

    expect(pdf.pages).toBe(3);
    expect(pdf.title).toBe('Pilot logbook: Дмитрий Иванов');
    pdf.pageTexts.forEach((page, index) => {
      expect(page).toContain('Дмитрий Иванов');
      expect(page).toContain(`Page ${index + 1} of 3`);
      expect(page).toContain(
        'Signatures checked 10 Apr 2025, 12:00 CEST: 2 signatures, chain intact, 1 entry with a signature no longer valid',
      );
    });
    const [first, second, third] = pdf.pageTexts as [string, string, string];
    expect(second).toContain(logbookMessages.signatureNoLongerValid);
    expect(second).toContain('changed since: Total time, Dual received');
    expect(first).not.toContain(logbookMessages.signatureNoLongerValid);
    expect(third).not.toContain(logbookMessages.signatureNoLongerValid);
    expect(first).toContain('Signed Łukasz Nowak, CFI 3456789 exp 2027-01-31 on 20 Mar 2025, 17:30 CET');
    expect(first).toContain('Imported attestation, not a Skylog signature: J. Smith CFI 1234567 exp 12/25');
    expect(first).toContain('2025-03-01');
    expect(first).toContain('ASEL');
    expect(first).toContain('via KHAF');
  });

  it('adds up each page, what the pages before carried and the total to date, for the hour and landing columns', async () => {
    const pdf = await readPdf(await logbookPdf(input({})));
    const [first, second, third] = pdf.pageTexts as [string, string, string];

    // Approaches, holds, day and night full-stop landings, then cross-country, night, actual, simulated, simulator,
    // dual received, PIC, SIC, solo, dual given and total; 1.3 h a flight, 1.4 h on the 21st.
    const row = (landings: number, hours: string) => ['0', '0', String(landings), '0', ...tenths(5), hours, ...tenths(4), hours];
    expect(totalsRow(first, 'Totals this page')).toEqual(row(34, '22.1'));
    expect(totalsRow(first, 'Amount forwarded')).toEqual(row(0, '0.0'));
    expect(totalsRow(first, 'Total to date')).toEqual(row(34, '22.1'));
    expect(totalsRow(second, 'Totals this page')).toEqual(row(34, '22.2'));
    expect(totalsRow(second, 'Total to date')).toEqual(row(68, '44.3'));
    expect(totalsRow(third, 'Amount forwarded')).toEqual(row(68, '44.3'));
    expect(totalsRow(third, 'Totals this page')).toEqual(row(12, '7.8'));
    expect(totalsRow(third, 'Total to date')).toEqual(row(80, '52.1'));
  });

  it('ends a remark too long for its row with an ellipsis, keeping the rows after it on their page', async () => {
    const pdf = await readPdf(await logbookPdf(input({})));
    const [first] = pdf.pageTexts as [string];

    expect(first).toMatch(/Steep turns, slow flight and stalls; [^…]+…/);
    expect(pdf.text).not.toContain('END-OF-NOTE');
    expect(first).toContain('2025-03-17');
    expect(first).not.toContain('2025-03-18');
  });

  it('prints an empty logbook as one page of zero totals', async () => {
    const pdf = await readPdf(
      await logbookPdf(input({ entries: [], verification: { ...intactChain, signatures: 0, invalid_entries: [] } })),
    );

    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Signatures checked 10 Apr 2025, 12:00 CEST: 0 signatures, chain intact');
    expect(totalsRow(pdf.text, 'Total to date')).toEqual(['0', '0', '0', '0', ...tenths(11)]);
  });
});

describe('the logbook PDF, EASA layout (AMC1 FCL.050)', () => {
  const brokenChain: LogbookVerification = {
    ...intactChain,
    chain: {
      valid: false,
      break: {
        index: 1,
        signature_id: randomUUID(),
        entry_id: entries[20]!.id,
        reason: 'changed',
        message: 'The signed entry of 21 Mar 2025 was changed after signing',
      },
    },
  };

  it('writes days as dd/mm/yy, times as h:mm in UTC, and its own totals', async () => {
    const pdf = await readPdf(await logbookPdf(input({ layout: 'easa', verification: brokenChain })));
    const [first, , third] = pdf.pageTexts as [string, string, string];

    expect(pdf.pages).toBe(3);
    expect(first).toContain('01/03/25');
    expect(first).not.toContain('2025-03-01');
    expect(first).toContain('15:04');
    expect(first).toContain('16:22');
    expect(first).toContain('1:18');
    expect(first).toContain('exp 31/01/27');
    // Single-pilot SE, ME, multi-pilot, total time, day and night landings, night, IFR, PIC, co-pilot, dual,
    // instructor and FSTD session time: 39 flights of 1:18 and one of 1:24 (52:06).
    expect(totalsRow(third, 'Total time')).toEqual(['52:06', ...minutes(2), '52:06', '80', '0', ...minutes(4), '52:06', ...minutes(2)]);
    expect(totalsRow(third, 'Total from previous pages')).toEqual([
      '44:18',
      ...minutes(2),
      '44:18',
      '68',
      '0',
      ...minutes(4),
      '44:18',
      ...minutes(2),
    ]);
    for (const page of pdf.pageTexts) {
      expect(page).toContain(
        'Signatures checked 10 Apr 2025, 12:00 CEST: 2 signatures, chain broken: The signed entry of 21 Mar 2025 was changed after signing, 1 entry with a signature no longer valid',
      );
    }
  });

  it('names the instructor as PIC of a dual flight and SELF of a solo one, and logs a simulator session as an FSTD session', async () => {
    const solo = flight(0, { pic_hours: 1.3, solo_hours: 1.3, dual_received_hours: 0 });
    const dual = flight(1, { signature: signature('valid') });
    const simulator = flight(2, {
      aircraft_make_model: 'FNPT II',
      aircraft_identification: null,
      route: [],
      takeoff_at: null,
      landing_at: null,
      total_hours: 0,
      dual_received_hours: 0,
      simulator_hours: 1.5,
      landings: 0,
      day_full_stop_landings: 0,
    });
    const pdf = await readPdf(await logbookPdf(input({ layout: 'easa', entries: [solo, dual, simulator] })));

    expect(pdf.text).toContain('SELF');
    expect(pdf.text).toMatch(/02\/03\/25 .*Łukasz Nowak/);
    expect(pdf.text).toContain('03/03/25 FNPT II 03/03/25 FNPT II 1:30');
  });
});
