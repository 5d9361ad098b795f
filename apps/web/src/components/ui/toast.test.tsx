import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from './toast.tsx';

// The toasts' library as a dropped connection leaves it: its chunk cannot be loaded.
vi.mock('react-toastify', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('toasts when their library cannot be loaded', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the message for whoever reads the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    notify.error('Error updating profile');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Skylog (error): Error updating profile'));
  });
});
