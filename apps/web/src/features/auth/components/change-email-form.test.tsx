import { messages } from '@skylog/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test-utils.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));

describe('ChangeEmailForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a valid new address and the current password before sending anything', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    renderWithProviders(<ChangeEmailForm onClose={() => undefined} />);
    fill('New e-mail', 'not-an-address');
    submit();
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter your current password')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the new address with the current password, then says where the confirmation link went', async () => {
    const calls = stubApi(() => ({ status: 202, body: { new_email: 'new.me@skyline.test', expires_at: '2026-02-01T00:00:00Z' } }));
    renderWithProviders(<ChangeEmailForm onClose={() => undefined} />);
    fill('New e-mail', 'New.Me@Skyline.test');
    fill('Current password', 'my-password-1');
    submit();
    expect(
      await screen.findByText('We sent a confirmation link to new.me@skyline.test. Your sign-in e-mail changes when you open it.'),
    ).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', url: '/api/me/email-change', body: { new_email: 'new.me@skyline.test', password: 'my-password-1' } },
    ]);
  });

  it("shows the server's message under the field it names", async () => {
    stubApi(() => ({
      status: 400,
      body: { status: 400, code: 'validation_error', message: messages.invalidInput, fields: { password: messages.wrongPassword } },
    }));
    renderWithProviders(<ChangeEmailForm onClose={() => undefined} />);
    fill('New e-mail', 'new.me@skyline.test');
    fill('Current password', 'wrong-password');
    submit();
    await waitFor(() => expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = screen.getByLabelText('Current password').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(messages.wrongPassword);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failure that names no field, such as a rate limit, above the form', async () => {
    stubApi(() => ({
      status: 429,
      body: { status: 429, code: 'rate_limited', message: 'Too many requests. Please wait 60 seconds and try again.' },
    }));
    renderWithProviders(<ChangeEmailForm onClose={() => undefined} />);
    fill('New e-mail', 'new.me@skyline.test');
    fill('Current password', 'my-password-1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please wait 60 seconds and try again.');
  });
});
