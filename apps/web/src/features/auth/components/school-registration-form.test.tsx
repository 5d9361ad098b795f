import { messages } from '@skylog/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiAnswer } from '../../../test-utils.tsx';
import { SchoolRegistrationForm } from './school-registration-form.tsx';

const billingOff: ApiAnswer = { status: 409, body: { status: 409, code: 'not_configured', message: messages.billingNotConfigured } };
const plans = {
  products: [
    {
      id: 'prod_basic',
      name: 'Skylog Basic',
      description: null,
      default_price_id: 'price_basic',
      prices: [{ id: 'price_basic', product_id: 'prod_basic', unit_amount: 4900, currency: 'usd', type: 'recurring', interval: 'month', interval_count: 1 }],
    },
    {
      id: 'prod_cable',
      name: 'Recorder cable',
      description: null,
      default_price_id: 'price_cable',
      prices: [{ id: 'price_cable', product_id: 'prod_cable', unit_amount: 9900, currency: 'usd', type: 'one_time', interval: null, interval_count: null }],
    },
    {
      id: 'prod_pro',
      name: 'Skylog Pro',
      description: null,
      default_price_id: 'price_pro',
      prices: [{ id: 'price_pro', product_id: 'prod_pro', unit_amount: 9900, currency: 'usd', type: 'recurring', interval: 'month', interval_count: 1 }],
    },
  ],
};

async function register(answer: ApiAnswer, products: ApiAnswer = billingOff, choosePlan?: string) {
  const calls = stubApi((call) => (call.url === '/api/billing/products' ? products : answer));
  renderWithProviders(<SchoolRegistrationForm />);
  if (choosePlan) fireEvent.change(await screen.findByLabelText('Plan'), { target: { value: choosePlan } });
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill('School name', 'Bluebird Aero Club');
  fill('Your name', 'Casey Bluebird');
  fill('E-mail', 'chief@bluebird.test');
  fill('Password', 'bluebird-password');
  fill('Repeat password', 'bluebird-password');
  fireEvent.click(screen.getByRole('button', { name: 'Register school' }));
  return calls;
}

describe('SchoolRegistrationForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('answers with the same words for any address: check your e-mail', async () => {
    const calls = await register({ status: 202, body: { email: 'chief@bluebird.test' } });
    expect(await screen.findByText(messages.schoolRegistrationAccepted)).toBeTruthy();
    expect(screen.getByTestId('registration-email').textContent).toBe('chief@bluebird.test');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/registration/school']);
    // Billing off: no plan to choose, nothing kept for checkout.
    expect(screen.queryByLabelText('Plan')).toBeNull();
    expect(window.localStorage.getItem('temporaryPriceId')).toBeNull();
  });

  it('with billing on sends the chosen plan with the registration, so the server keeps it with the school, and keeps it here too', async () => {
    // A pricing link brought a coupon and a cable price.
    window.localStorage.setItem('temporaryCoupon', 'FLY10');
    window.localStorage.setItem('temporaryCablePrice', '99');
    const calls = await register({ status: 202, body: { email: 'chief@bluebird.test' } }, { status: 200, body: plans }, 'price_pro');
    expect(await screen.findByText(messages.schoolRegistrationAccepted)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ plan: { price_id: 'price_pro', coupon: 'FLY10', cable_price: '99' } });
    expect(window.localStorage.getItem('temporaryPriceId')).toBe('price_pro');
  });

  it('offers only plans, never an item sold once', async () => {
    stubApi((call) => (call.url === '/api/billing/products' ? { status: 200, body: plans } : { status: 404 }));
    renderWithProviders(<SchoolRegistrationForm />);
    const select = (await screen.findByLabelText('Plan')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['price_basic', 'price_pro']);
  });

  it("shows the rate limit's message when one address registers too often", async () => {
    const message = 'Too many requests. Please wait 3600 seconds and try again.';
    await register({ status: 429, body: { status: 429, code: 'rate_limited', message } });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Register school' })).toBeTruthy();
  });
});
