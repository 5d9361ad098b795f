import { logbookMessages, type LogbookEntry } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiCall } from '../../../test-utils.tsx';
import { LogbookEntryScreen } from './logbook-entry-screen.tsx';
import { entryOf, ids, signatureOf } from './logbook-test-data.ts';

const entryUrl = `/api/logbook/${ids.entry}`;

/** The server of one entry: reads answer what the last change made of it. */
function serve(initial: LogbookEntry, change: (entry: LogbookEntry, call: ApiCall) => LogbookEntry): ApiCall[] {
  let entry = initial;
  return stubApi((call) => {
    if (call.url === entryUrl && call.method === 'GET') return { status: 200, body: entry };
    if (call.url.startsWith(entryUrl)) {
      entry = change(entry, call);
      return { status: 200, body: entry };
    }
    return { status: 404 };
  });
}

const changes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

/** A field of the entry's view, by its label. */
const field = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;

function renderEntry() {
  return renderWithProviders(<LogbookEntryScreen id={ids.entry} hasAuthenticator={false} onDeleted={() => undefined} />);
}

describe('LogbookEntry: what the track filled', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks each field the track gave, and offers the track’s value back where the pilot typed another', async () => {
    // The pilot logged the lesson's 1.3 hours as PIC too; the track gave none.
    const typedOver = entryOf({
      pic_hours: 1.3,
      total_hours: 1.4,
      from_track: ['date', 'dual_received_hours'],
      track_values: { total_hours: 1.3, pic_hours: 0, dual_received_hours: 1.3 },
    });
    const calls = serve(typedOver, (entry, call) => {
      const body = call.body as { restore_from_track?: string[] };
      return body.restore_from_track?.includes('total_hours')
        ? { ...entry, total_hours: 1.3, from_track: [...entry.from_track, 'total_hours'] }
        : entry;
    });
    renderEntry();
    await screen.findByText('Total time', { selector: 'dt' });

    expect(within(field('Dual received')).getByText(logbookMessages.fromTrack)).toBeTruthy();
    expect(within(field('Dual received')).getByText(': 1.3 h')).toBeTruthy();
    expect(within(field('Total time')).queryByText(logbookMessages.fromTrack)).toBeNull();
    // Instrument time is never the track's, so nothing is offered there.
    expect(within(field('Simulated instrument')).queryByRole('button')).toBeNull();

    await act(async () =>
      fireEvent.click(within(field('Total time')).getByRole('button', { name: `${logbookMessages.useTrackValue} for Total time` })),
    );
    await waitFor(() =>
      expect(changes(calls)).toEqual([{ method: 'PATCH', url: entryUrl, body: { restore_from_track: ['total_hours'] } }]),
    );
    await waitFor(() => expect(within(field('Total time')).getByText(logbookMessages.fromTrack)).toBeTruthy());
    expect(within(field('Total time')).getByText('1.3 h')).toBeTruthy();
    expect(screen.getByText(logbookMessages.instrumentByHand)).toBeTruthy();
  });

  it('sends only the fields the pilot changed, so what the track gave stays the track’s', async () => {
    const calls = serve(entryOf(), (entry, call) => ({ ...entry, ...(call.body as Partial<LogbookEntry>) }));
    renderEntry();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit entry' }));

    fireEvent.change(screen.getByLabelText('Night (hours)'), { target: { value: '0.5' } });
    fireEvent.change(screen.getByLabelText('Approaches'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Remarks'), { target: { value: 'Pattern work, two ILS approaches' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));

    await waitFor(() =>
      expect(changes(calls)).toEqual([
        { method: 'PATCH', url: entryUrl, body: { night_hours: 0.5, approaches: 2, remarks: 'Pattern work, two ILS approaches' } },
      ]),
    );
    await waitFor(() => expect(within(field('Remarks')).getByText('Pattern work, two ILS approaches')).toBeTruthy());
  });

  it('refuses a negative time with the contracts’ message and sends nothing', async () => {
    const calls = serve(entryOf(), (entry) => entry);
    renderEntry();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit entry' }));
    fireEvent.change(screen.getByLabelText('PIC (hours)'), { target: { value: '-1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(await screen.findByText('PIC cannot be negative')).toBeTruthy();
    expect(changes(calls)).toEqual([]);
  });

  it('names the changed fields of a signature no longer valid', async () => {
    serve(entryOf({ signature: signatureOf({ status: 'invalid', changed_fields: ['total_hours', 'night_hours'] }) }), (entry) => entry);
    renderEntry();
    const signature = await screen.findByRole('region', { name: 'Signature' });
    expect(within(signature).getByRole('alert').textContent).toContain(
      'Signature no longer valid: changed since signing — Total time, Night.',
    );
  });
});

describe('LogbookEntry: signing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the certificate and the password, then shows the entry signed', async () => {
    const calls = serve(entryOf({ can_sign: true }), (entry) => ({ ...entry, can_sign: false, signature: signatureOf() }));
    renderEntry();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign the entry' });

    // Neither password nor code: the contracts' message, and nothing sent.
    fireEvent.change(within(dialog).getByLabelText('Certificate number'), { target: { value: '3344556CFI' } });
    fireEvent.change(within(dialog).getByLabelText('Certificate expiry'), { target: { value: '2027-05-31' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' })));
    expect(await within(dialog).findByText(logbookMessages.signNeedsReauthentication)).toBeTruthy();
    expect(changes(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'correct horse battery' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' })));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          method: 'POST',
          url: `${entryUrl}/signature`,
          body: { certificate_number: '3344556CFI', certificate_expires: '2027-05-31', password: 'correct horse battery' },
        },
      ]),
    );

    const signature = await screen.findByRole('region', { name: 'Signature' });
    await waitFor(() => expect(within(signature).getByText('Ana Costa')).toBeTruthy());
    expect(within(signature).getByText('3344556CFI, expires 31 May 2027')).toBeTruthy();
    expect(within(signature).getByText(logbookMessages.signatureValid)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('offers the authenticator app’s code instead, to a signer who has one', async () => {
    const calls = serve(entryOf({ can_sign: true }), (entry) => ({
      ...entry,
      can_sign: false,
      signature: signatureOf({ method: 'authenticator' }),
    }));
    renderWithProviders(<LogbookEntryScreen id={ids.entry} hasAuthenticator onDeleted={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign the entry' });
    fireEvent.change(within(dialog).getByLabelText('Certificate number'), { target: { value: '3344556CFI' } });
    fireEvent.change(within(dialog).getByLabelText('Certificate expiry'), { target: { value: '2027-05-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a code from your authenticator app' }));
    fireEvent.change(within(dialog).getByLabelText('Code from your authenticator app'), { target: { value: '492039' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' })));
    await waitFor(() =>
      expect(changes(calls).map((call) => call.body)).toEqual([
        { certificate_number: '3344556CFI', certificate_expires: '2027-05-31', code: '492039' },
      ]),
    );
  });
});
