import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test-utils.tsx';
import { RequireBilling } from './require-billing.tsx';

const clientConfig = { map_tile_url: null, map_attribution: null, audio_upload_max_bytes: 1, track_file_max_bytes: 1 };

function renderScreen() {
  renderWithProviders(
    <RequireBilling offMessage="No payment was taken.">
      <h1>Payment received</h1>
    </RequireBilling>,
  );
}

describe('RequireBilling (payment screens)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('while billing is off says so, never claims a payment, and leads back to the Flights list', async () => {
    stubApi(() => ({ status: 200, body: { ...clientConfig, billing_enabled: false } }));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Billing is off' })).toBeTruthy();
    expect(screen.getByText('No payment was taken.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the Flights list' }).getAttribute('href')).toBe('/dashboard/flights');
    expect(screen.queryByText('Payment received')).toBeNull();
  });

  it('shows the screen once billing is on', async () => {
    stubApi(() => ({ status: 200, body: { ...clientConfig, billing_enabled: true } }));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
  });

  it('when the configuration cannot be read, shows the error and the way back, not the screen', async () => {
    stubApi(() => ({ status: 503, body: { status: 503, code: 'internal_error', message: 'Skylog is restarting' } }));
    renderScreen();
    expect((await screen.findByRole('alert')).textContent).toBe('Skylog is restarting');
    expect(screen.getByRole('link', { name: 'Back to the Flights list' })).toBeTruthy();
    expect(screen.queryByText('Payment received')).toBeNull();
  });
});
