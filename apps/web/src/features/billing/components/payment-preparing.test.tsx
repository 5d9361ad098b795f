import type { Me } from '@skylog/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test-utils.tsx';
import { PaymentPreparing } from './payment-preparing.tsx';

const orgId = '0b6c1f7e-1c1d-4b8e-9a51-1f2e3d4c5b6a';
const person = (userType: Me['user_type']): Me => ({
  skylog_id: 'c2b1a0f9-8e7d-4c6b-9a5f-4e3d2c1b0a99',
  auth_id: 'auth-1',
  name: 'Casey Bluebird',
  email: 'casey@bluebird.test',
  phone: '+15551234567',
  program: '141',
  license_number: null,
  international: false,
  fulltime: false,
  certifications: [],
  user_type: userType,
  org_id: orgId,
  sub_org_id: null,
  cable_collections: false,
  is_paid: false,
  role_label: '',
  is_profile_complete: true,
  email_verified: true,
  two_factor_enabled: false,
  two_factor_setup_required: false,
  org: null,
  sub_org: null,
});

describe('PaymentPreparing (/payment-preparing)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends the address's plan, organization, cable price and coupon to the server, then the browser to Stripe", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = stubApi(() => ({ status: 201, body: { session: { id: 'cs_1', url: 'https://checkout.stripe.test/cs_1' } } }));
    renderWithProviders(<PaymentPreparing me={person('org_admin')} search={new URLSearchParams(`price_id=price_basic&org_id=${orgId}&cable_price=150&coupon=FLY10`)} />);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(calls).toEqual([
      { method: 'POST', url: '/api/billing/checkout-sessions', body: { priceId: 'price_basic', orgId, cablePrice: '150', coupon: 'FLY10' } },
    ]);
  });

  it("shows Stripe's refusal with its field, a retry and the way to another plan", async () => {
    stubApi(() => ({
      status: 400,
      body: { status: 400, code: 'validation_error', message: "Failed to generate session: 400 No such coupon: 'NOPE'", fields: { coupon: "No such coupon: 'NOPE'" } },
    }));
    renderWithProviders(<PaymentPreparing me={person('org_admin')} search={new URLSearchParams(`price_id=price_basic&org_id=${orgId}&coupon=NOPE`)} />);
    expect((await screen.findByRole('alert')).textContent).toContain("Failed to generate session: 400 No such coupon: 'NOPE'");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another plan' }).getAttribute('href')).toBe('/configuration/billing');
  });

  it('tells an instructor who may pay, and asks the server nothing', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    renderWithProviders(<PaymentPreparing me={person('instructor')} search={new URLSearchParams(`price_id=price_basic&org_id=${orgId}`)} />);
    expect(await screen.findByText("Only your organization's admins can pay for Skylog.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('names what an incomplete link lacks', async () => {
    stubApi(() => ({ status: 500 }));
    renderWithProviders(<PaymentPreparing me={person('org_admin')} search={new URLSearchParams('price_id=price_basic')} />);
    expect((await screen.findByRole('alert')).textContent).toContain('it needs a plan (price_id) and an organization (org_id)');
  });
});
