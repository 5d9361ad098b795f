import { useEffect, useRef } from 'react';
import { getShortcutAction, type ShortcutAction } from '../utils/shortcuts.ts';

/** What each shortcut does; null where it does nothing for this person (M without the right to edit). */
export type ShortcutHandlers = Record<ShortcutAction, (() => void) | null>;

/** Holding these down repeats them; the others act once per press. */
const repeatable: ReadonlySet<ShortcutAction> = new Set(['back', 'forward']);

/** The review screen's keyboard shortcuts, on the whole page while the screen is open. */
export function usePlaybackShortcuts(handlers: ShortcutHandlers) {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let hasTakenSpace = false;
    const handleKeyDown = (event: KeyboardEvent) => {
      const action = getShortcutAction(event);
      const handler = action ? handlersRef.current[action] : null;
      if (!action || !handler) return;
      // No page scroll on Space or the arrows.
      event.preventDefault();
      if (action === 'toggle-play') hasTakenSpace = true;
      if (event.repeat && !repeatable.has(action)) return;
      handler();
    };
    // A focused button is pressed by Space when the key comes up: the key was ours, so not that too.
    const handleKeyUp = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !hasTakenSpace) return;
      hasTakenSpace = false;
      event.preventDefault();
    };
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('keyup', handleKeyUp);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('keyup', handleKeyUp);
    };
  }, []);
}
