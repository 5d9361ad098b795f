import type { LogbookEntry } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test-utils.tsx';
import { entryOf, ids, signatureOf } from './logbook-test-data.ts';
import { SigningQueue } from './signing-queue.tsx';

describe('SigningQueue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs an entry from the queue, which then leaves it', async () => {
    let waiting: LogbookEntry[] = [entryOf({ can_sign: true })];
    const calls = stubApi((call) => {
      if (call.url === '/api/logbook/signing-queue') return { status: 200, body: { entries: waiting, endorsement_requests: [] } };
      if (call.url === `/api/logbook/${ids.entry}/signature`) {
        waiting = [];
        return { status: 200, body: entryOf({ signature: signatureOf() }) };
      }
      return { status: 404 };
    });
    renderWithProviders(<SigningQueue hasAuthenticator={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign the entry of 2026-03-04 for Priya Shah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign the entry' });
    fireEvent.change(within(dialog).getByLabelText('Certificate number'), { target: { value: '3344556CFI' } });
    fireEvent.change(within(dialog).getByLabelText('Certificate expiry'), { target: { value: '2027-05-31' } });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'correct horse battery' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' })));

    expect(await screen.findByText('Nothing to sign.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([`/api/logbook/${ids.entry}/signature`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
