import { type LogbookVerification, logbookMessages } from '@skylog/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test-utils.tsx';
import { ids } from './logbook-test-data.ts';
import { SignatureCheck } from './signature-check.tsx';

function serve(verification: LogbookVerification) {
  stubApi((call) => (call.url === `/api/users/${ids.pilot}/logbook/verification` ? { status: 200, body: verification } : { status: 404 }));
}

describe('SignatureCheck', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the chain is whole when every signature matches its entry', async () => {
    serve({ checked_at: '2026-03-10T12:00:00Z', signatures: 12, chain: { valid: true, break: null }, invalid_entries: [] });
    renderWithProviders(<SignatureCheck personId={ids.pilot} />);
    expect((await screen.findByRole('status')).textContent).toBe(`${logbookMessages.chainIntact} (12 signatures checked.)`);
  });

  it('says where the chain breaks and which signed entries changed, with the fields by their labels', async () => {
    serve({
      checked_at: '2026-03-10T12:00:00Z',
      signatures: 12,
      chain: {
        valid: false,
        break: {
          index: 4,
          signature_id: ids.signature,
          entry_id: null,
          reason: 'deleted',
          message: 'A signed entry was deleted (signed for 2026-02-11).',
        },
      },
      invalid_entries: [{ entry_id: ids.entry, date: '2026-03-04', changed_fields: ['night_hours', 'remarks'] }],
    });
    renderWithProviders(<SignatureCheck personId={ids.pilot} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('A signed entry was deleted (signed for 2026-02-11).')).toBeTruthy();
    expect(within(alert).getByRole('listitem').textContent).toBe('2026-03-04: Night, Remarks');
    expect(within(alert).getByRole('link', { name: '2026-03-04' }).getAttribute('href')).toBe(`/dashboard/logbook/entries/${ids.entry}`);
  });
});
