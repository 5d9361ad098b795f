import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it("shows 'Loading...' and cannot be pressed while loading", () => {
    render(<Button isLoading>Save</Button>);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Loading...');
    expect(button).toHaveProperty('disabled', true);
  });
});
