import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup, toRadioValue } from './radio-group.tsx';

describe('RadioGroup', () => {
  it("turns 'true' and 'false' into booleans and leaves other values as they are", () => {
    expect(toRadioValue('true')).toBe(true);
    expect(toRadioValue('false')).toBe(false);
    expect(toRadioValue('141')).toBe('141');
  });

  it('reports the boolean of the chosen option and shows its error text', () => {
    const onChange = vi.fn();
    render(
      <RadioGroup
        label="Employment"
        name="fulltime"
        options={[
          { value: 'true', label: 'Full Time' },
          { value: 'false', label: 'Part Time' },
        ]}
        value={false}
        error="Employment status is required"
        onChange={onChange}
      />,
    );
    expect(screen.getByLabelText('Part Time')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByLabelText('Full Time'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByText('Employment status is required')).toBeTruthy();
  });
});
