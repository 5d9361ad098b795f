import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export type ConfirmRequest = {
  title: string;
  message: ReactNode;
  /** The button that goes ahead, named for what it does ("Delete", "Unlink"). */
  confirmLabel: string;
};

/**
 * The app's own "are you sure?" (never `window.confirm`): `ask` opens the dialog and answers true when
 * the person goes ahead, false when they cancel, press Escape or click outside. Render `dialog` once.
 */
export function useConfirmDialog(): { dialog: ReactNode; ask: (request: ConfirmRequest) => Promise<boolean> } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolveRef = useRef<((isConfirmed: boolean) => void) | null>(null);

  const settle = useCallback((isConfirmed: boolean) => {
    resolveRef.current?.(isConfirmed);
    resolveRef.current = null;
    setRequest(null);
  }, []);

  const ask = useCallback((next: ConfirmRequest) => {
    resolveRef.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const dialog = (
    <Modal
      title={request?.title ?? ''}
      onRequestClose={() => settle(false)}
      content={
        request ? (
          <div className="flex flex-col gap-4 p-6">
            <h2 className="text-lg font-semibold text-slate-900">{request.title}</h2>
            <div className="text-sm text-slate-700">{request.message}</div>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => settle(false)}>
                Cancel
              </Button>
              <Button onClick={() => settle(true)} autoFocus className="bg-red-600 hover:bg-red-700">
                {request.confirmLabel}
              </Button>
            </div>
          </div>
        ) : null
      }
    />
  );
  return { dialog, ask };
}
