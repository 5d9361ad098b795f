import { Keyboard } from 'lucide-react';
import { Fragment } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { playbackShortcuts } from '../utils/shortcuts.ts';

const title = 'Keyboard shortcuts';

/** The "?" list: only the shortcuts this person can use (M needs the right to edit the flight). */
export function ShortcutsDialog({ isOpen, canEdit, onClose }: { isOpen: boolean; canEdit: boolean; onClose: () => void }) {
  return (
    <Modal
      title={title}
      onRequestClose={onClose}
      content={
        isOpen ? (
          <div className="flex flex-col gap-4 p-6">
            <h2 className="text-lg font-semibold">{title}</h2>
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
              {playbackShortcuts
                .filter((shortcut) => canEdit || !shortcut.needsEdit)
                .map((shortcut) => (
                  <Fragment key={shortcut.action}>
                    <dt>
                      <kbd className="inline-block min-w-8 rounded border border-slate-300 bg-slate-50 px-2 py-0.5 text-center font-mono text-xs text-slate-800 shadow-sm">
                        {shortcut.keys}
                      </kbd>
                    </dt>
                    <dd className="text-slate-700">{shortcut.description}</dd>
                  </Fragment>
                ))}
            </dl>
            <p className="text-xs text-slate-500">They work anywhere on this screen, except while typing in a field.</p>
            <div className="flex justify-end">
              <Button variant="secondary" onClick={onClose} autoFocus>
                Close
              </Button>
            </div>
          </div>
        ) : null
      }
    />
  );
}

/** The visible hint beside the player's title; pressing it opens the same list as "?". */
export function ShortcutsHint({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="inline-flex items-center gap-1.5 rounded px-1.5 py-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <Keyboard size={14} aria-hidden />
      <span>
        Press <kbd className="rounded border border-slate-300 bg-white px-1 font-mono text-[11px]">?</kbd> for shortcuts
      </span>
    </button>
  );
}
