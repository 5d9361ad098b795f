import { messages } from '@skylog/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../test-utils.tsx';
import { Component as AuthConfirm } from './auth-confirm.tsx';

describe('/auth/confirm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms a new sign-in e-mail from the link once and names it', async () => {
    const calls = stubApi(() => ({ status: 200, body: { email: 'new.me@skyline.test' } }));
    renderWithProviders(<AuthConfirm />, '/auth/confirm?email_change_token=abc123');
    expect(await screen.findByText('Your sign-in e-mail is now new.me@skyline.test. Sign in with it.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', url: '/api/registration/email-change/confirm', body: { token: 'abc123' } }]);
  });

  it("shows the server's message for an invalid or expired e-mail change link", async () => {
    stubApi(() => ({ status: 404, body: { status: 404, code: 'not_found', message: messages.emailChangeInvalid } }));
    renderWithProviders(<AuthConfirm />, '/auth/confirm?email_change_token=used');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.emailChangeInvalid);
  });

  it('still verifies a new account address with ?token=', async () => {
    const calls = stubApi(() => ({ status: 200, body: { status: true } }));
    renderWithProviders(<AuthConfirm />, '/auth/confirm?token=verify-me');
    expect(await screen.findByText('Your e-mail address is confirmed. You can sign in now.')).toBeTruthy();
    expect(calls.map((call) => [call.method, call.url])).toEqual([['GET', '/api/auth/verify-email?token=verify-me']]);
  });
});
