import { aircraftCategoryLabels, aircraftCategorySource } from '@skylog/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-utils.tsx';
import { AircraftForm } from './aircraft-form.tsx';

const form = (onSubmit = vi.fn()) => {
  renderWithProviders(
    <AircraftForm
      title="Edit D-KXYZ"
      initial={{ tail_number: 'D-KXYZ', call_sign: null, type: 'ASG 29E', category: null, notes: null }}
      isPending={false}
      error={null}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return onSubmit;
};

describe('AircraftForm', () => {
  it('offers every category of 14 CFR 1.1 after "Not set", says where the list comes from, and saves the one chosen', async () => {
    const onSubmit = form();
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    expect(category.value).toBe('');
    expect([...category.options].map((option) => option.text)).toEqual(['Not set', ...Object.values(aircraftCategoryLabels)]);
    expect(screen.getByText(aircraftCategorySource, { exact: false })).toBeTruthy();

    fireEvent.change(category, { target: { value: 'glider' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ tail_number: 'D-KXYZ', call_sign: null, type: 'ASG 29E', category: 'glider', notes: null });
  });

  it('saves "Not set" as no category, and refuses an empty tail number under the field', async () => {
    const onSubmit = form();
    fireEvent.change(screen.getByLabelText('Tail number'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tail number is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Tail number'), { target: { value: 'n911sk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ tail_number: 'N911SK', category: null });
  });
});
