import { limits } from '@skylog/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test-utils.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const saveButton = () => screen.getByRole('button', { name: 'Save new password' }) as HTMLButtonElement;

describe('ChangePasswordForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the new password with the registration rules while typing, and sends nothing until both agree', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    renderWithProviders(<ChangePasswordForm onClose={() => undefined} />);
    fill('Current password', 'old-password-1');
    fill('New password', 'short');
    expect(await screen.findByText(`Password must be at least ${limits.passwordMinLength} characters`)).toBeTruthy();
    fill('New password', 'new-password-1');
    fill('Repeat new password', 'new-password-2');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByText('The passwords do not match')).toBeTruthy());
    expect(calls).toEqual([]);
    // Changing the first to what was repeated settles the repeat too.
    fill('New password', 'new-password-2');
    await waitFor(() => expect(screen.queryByText('The passwords do not match')).toBeNull());
  });

  it('sends the current and the new password, then says the other sessions ended', async () => {
    const calls = stubApi(() => ({ status: 200, body: { token: 'new-session' } }));
    renderWithProviders(<ChangePasswordForm onClose={() => undefined} />);
    fill('Current password', 'old-password-1');
    fill('New password', 'new-password-1');
    fill('Repeat new password', 'new-password-1');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Password changed. You are signed out everywhere else.')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', url: '/api/auth/change-password', body: { currentPassword: 'old-password-1', newPassword: 'new-password-1' } },
    ]);
  });

  it('shows why the server refused, and keeps the form', async () => {
    stubApi(() => ({ status: 400, body: { status: 400, code: 'validation_error', message: 'Invalid password' } }));
    renderWithProviders(<ChangePasswordForm onClose={() => undefined} />);
    fill('Current password', 'not-my-password');
    fill('New password', 'new-password-1');
    fill('Repeat new password', 'new-password-1');
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid password');
    expect(saveButton()).toBeTruthy();
  });
});
