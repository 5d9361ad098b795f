import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

describe('Modal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens when content is set, at most 90% of the viewport high, and locks page scrolling', () => {
    render(<Modal title="Update Profile" content={<p>Form</p>} onRequestClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update Profile' });
    expect(dialog.style.maxHeight).toBe('90vh');
    expect(screen.getByText('Form')).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('asks to close on Escape and on a backdrop click, not on a click inside', () => {
    const onRequestClose = vi.fn();
    render(<Modal title="Update Profile" content={<p>Form</p>} onRequestClose={onRequestClose} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByText('Form'));
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    expect(onRequestClose).toHaveBeenCalledTimes(2);
  });

  it('fades out, then clears its content 300 ms after closing and unlocks scrolling', () => {
    const { rerender } = render(<Modal title="Update Profile" content={<p>Form</p>} onRequestClose={() => undefined} />);
    rerender(<Modal title="Update Profile" content={null} onRequestClose={() => undefined} />);
    expect(document.body.style.overflow).toBe('');
    expect(screen.getByTestId('modal-backdrop').className).toContain('opacity-0');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText('Form')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Form')).toBeNull();
  });
});
