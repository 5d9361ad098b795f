import { logbookMessages } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test-utils.tsx';
import { LogbookTable } from './logbook-table.tsx';
import { entryOf, ids, signatureOf, totalsOf } from './logbook-test-data.ts';

const signed = entryOf({ id: '7a000000-0000-4000-8000-000000000011', date: '2026-03-01', signature: signatureOf() });
const changedSinceSigning = entryOf({
  id: '7a000000-0000-4000-8000-000000000012',
  date: '2026-03-02',
  signature: signatureOf({ status: 'invalid', changed_fields: ['total_hours'] }),
});
const unsigned = entryOf({ id: '7a000000-0000-4000-8000-000000000013', date: '2026-03-04', night_hours: 0.6 });

const list = {
  items: [signed, changedSinceSigning, unsigned],
  total: 28,
  page_totals: totalsOf({
    entries: 3,
    total_hours: 3.9,
    dual_received_hours: 3.9,
    night_hours: 0.6,
    day_full_stop_landings: 3,
    night_full_stop_landings: 1,
  }),
  brought_forward: totalsOf({ entries: 25, total_hours: 40.2, pic_hours: 12.5, dual_received_hours: 27.7, night_full_stop_landings: 2 }),
  to_date: totalsOf({
    entries: 28,
    total_hours: 44.1,
    pic_hours: 12.5,
    dual_received_hours: 31.6,
    night_hours: 0.6,
    day_full_stop_landings: 3,
    night_full_stop_landings: 3,
  }),
};

function serve() {
  return stubApi((call) => (call.url.startsWith(`/api/users/${ids.pilot}/logbook?`) ? { status: 200, body: list } : { status: 404 }));
}

/** The figures of a totals row, by the column headers above them. */
function footRow(label: string) {
  const row = screen.getByRole('rowheader', { name: label }).closest('tr')!;
  const [total, pic, dual, , , night, , landings] = within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
  return { total, pic, dual, night, landings };
}

describe('LogbookTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('carries a paper logbook’s three rows at the foot of the page: this page, forwarded, to date', async () => {
    serve();
    renderWithProviders(<LogbookTable personId={ids.pilot} />, '/dashboard/logbook');
    await screen.findByRole('rowheader', { name: 'Totals this page' });

    expect(footRow('Totals this page')).toEqual({ total: '3.9', pic: '0.0', dual: '3.9', night: '0.6', landings: '3 / 1' });
    expect(footRow('Amount forwarded')).toEqual({ total: '40.2', pic: '12.5', dual: '27.7', night: '0.0', landings: '0 / 2' });
    expect(footRow('Total to date')).toEqual({ total: '44.1', pic: '12.5', dual: '31.6', night: '0.6', landings: '3 / 3' });
  });

  it('tells a signed entry from one changed since signing and one not signed', async () => {
    serve();
    renderWithProviders(<LogbookTable personId={ids.pilot} />, '/dashboard/logbook');
    const rowOf = async (date: string) => (await screen.findByRole('link', { name: date })).closest('tr')!;

    const signedRow = await rowOf('2026-03-01');
    expect(within(signedRow).getByText(logbookMessages.signatureValid)).toBeTruthy();
    expect(within(signedRow).getByText('Ana Costa')).toBeTruthy();

    const invalid = within(await rowOf('2026-03-02')).getByText('Signature no longer valid');
    expect(invalid.className).toContain('text-red-700');

    expect(within(await rowOf('2026-03-04')).getByText('Not signed')).toBeTruthy();
    expect((await screen.findByRole('link', { name: '2026-03-04' })).getAttribute('href')).toBe(
      `/dashboard/logbook/entries/${unsigned.id}`,
    );
  });

  it('asks for the entries awaiting a signature from the first page when that filter is ticked', async () => {
    const calls = serve();
    renderWithProviders(<LogbookTable personId={ids.pilot} />, '/dashboard/logbook?page=2');
    await screen.findByRole('rowheader', { name: 'Total to date' });
    expect(new URL(calls.at(-1)!.url, 'http://skylog.test').searchParams.get('page')).toBe('1');

    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Awaiting signature only' })));
    await waitFor(() => expect(new URL(calls.at(-1)!.url, 'http://skylog.test').searchParams.get('unsigned')).toBe('true'));
    expect(new URL(calls.at(-1)!.url, 'http://skylog.test').searchParams.get('page')).toBe('0');
  });
});
