import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarColourPairs, getAvatarLook, getAvatarShape } from './avatar.tsx';

describe('Avatar', () => {
  it('shows the first 2 characters uppercased at 32 px by default', () => {
    render(<Avatar value="iris calder" />);
    const avatar = screen.getByRole('img', { name: 'IR' });
    expect(avatar.getAttribute('width')).toBe('32');
    expect(avatar.textContent).toBe('IR');
  });

  it('is hidden from assistive technology inside a control that names itself', () => {
    render(
      <button type="button" aria-label="Update Profile">
        <Avatar value="iris calder" isDecorative />
      </button>,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update Profile' }).textContent).toBe('IR');
  });

  it('chooses the same colour and shape for the same value, every time', () => {
    expect(getAvatarLook('Stella Park')).toEqual(getAvatarLook('Stella Park'));
    expect(getAvatarLook('Stella Park')).not.toEqual(getAvatarLook('Olivia Grant'));
  });

  it('has 20 colour pairs and 60 distinct shapes, and uses them all', () => {
    expect(avatarColourPairs).toHaveLength(20);
    const shapes = new Set(Array.from({ length: 60 }, (_, index) => JSON.stringify(getAvatarShape(index))));
    expect(shapes.size).toBe(60);
    const colours = new Set<number>();
    const shapeIndexes = new Set<number>();
    for (let index = 0; index < 5000; index += 1) {
      const look = getAvatarLook(`person ${index}`);
      colours.add(look.colourIndex);
      shapeIndexes.add(look.shapeIndex);
    }
    expect(colours.size).toBe(20);
    expect(shapeIndexes.size).toBe(60);
  });
});
