import { messages } from '@skylog/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiAnswer } from '../../../test-utils.tsx';
import { SchoolRegistrationForm } from './school-registration-form.tsx';

function register(answer: ApiAnswer) {
  const calls = stubApi(() => answer);
  renderWithProviders(<SchoolRegistrationForm />);
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
  afterEach(() => vi.unstubAllGlobals());

  it('answers with the same words for any address: check your e-mail', async () => {
    const calls = register({ status: 202, body: { email: 'chief@bluebird.test' } });
    expect(await screen.findByText(messages.schoolRegistrationAccepted)).toBeTruthy();
    expect(screen.getByTestId('registration-email').textContent).toBe('chief@bluebird.test');
    expect(calls.map((call) => [call.method, call.url])).toEqual([['POST', '/api/registration/school']]);
  });

  it("shows the rate limit's message when one address registers too often", async () => {
    const message = 'Too many requests. Please wait 3600 seconds and try again.';
    register({ status: 429, body: { status: 429, code: 'rate_limited', message } });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Register school' })).toBeTruthy();
  });
});
