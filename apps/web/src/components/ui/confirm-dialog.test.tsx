import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useConfirmDialog } from './confirm-dialog.tsx';

function Harness({ onAnswer }: { onAnswer: (isConfirmed: boolean) => void }) {
  const { dialog, ask } = useConfirmDialog();
  return (
    <>
      <button onClick={async () => onAnswer(await ask({ title: 'Delete N172SP?', message: 'It leaves the fleet.', confirmLabel: 'Delete' }))}>Remove</button>
      {dialog}
    </>
  );
}

describe('useConfirmDialog', () => {
  it('answers true when the person goes ahead', async () => {
    const answers: boolean[] = [];
    render(<Harness onAnswer={(answer) => answers.push(answer)} />);
    fireEvent.click(screen.getByText('Remove'));
    expect(screen.getByRole('dialog', { name: 'Delete N172SP?' })).toBeTruthy();
    expect(screen.getByText('It leaves the fleet.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(answers).toEqual([true]);
  });

  it('answers false on Cancel and on Escape', async () => {
    const answers: boolean[] = [];
    render(<Harness onAnswer={(answer) => answers.push(answer)} />);
    fireEvent.click(screen.getByText('Remove'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    fireEvent.click(screen.getByText('Remove'));
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(answers).toEqual([false, false]);
  });
});
