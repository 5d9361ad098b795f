import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './tooltip.tsx';

describe('Tooltip', () => {
  it('shows its text on focus, at most 200 px wide, fading in over 200 ms', async () => {
    render(
      <Tooltip content="Update Profile">
        <button type="button">Avatar</button>
      </Tooltip>,
    );
    fireEvent.focus(screen.getByRole('button', { name: 'Avatar' }));
    const tooltip = (await screen.findAllByText('Update Profile'))[0]!.closest('.skylog-tooltip') as HTMLElement;
    expect(tooltip.style.maxWidth).toBe('200px');
    expect(tooltip.style.animationDuration).toBe('200ms');
  });
});
