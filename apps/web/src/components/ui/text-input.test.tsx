import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input.tsx';

describe('TextInput', () => {
  it('is labelled, and shows no error while valid', () => {
    render(<TextInput label="License Number" defaultValue="CFI 1" />);
    const input = screen.getByLabelText('License Number');
    expect(input).toHaveProperty('value', 'CFI 1');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.className).not.toContain('border-red-500');
  });

  it('shows its error under the field with a red border, tied to the input for screen readers', () => {
    render(<TextInput label="Name" error="Name is required" />);
    const input = screen.getByLabelText('Name');
    const error = screen.getByText('Name is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toContain('border-red-500');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    // Under the field: the message follows the input in the document.
    expect(input.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
