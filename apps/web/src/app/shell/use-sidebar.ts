import { limits } from '@skylog/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSettingsStore } from '../../lib/settings-store.ts';

const isNarrowWindow = () => window.innerWidth <= limits.sidebarBreakpointPx;

/**
 * The sidebar opens by itself on windows wider than `limits.sidebarBreakpointPx` and closes at that width or narrower
 * (docs/product.md "The shell"). The saved `sidebar active` setting is the choice on wide windows; closing for a narrow
 * window is not saved, so the next wide visit still shows the sidebar as it was left.
 *
 * On a narrow window the toggle opens it as an overlay over the content (beside the content it would squeeze a phone's
 * screen to 150 px), which `closeOverlay` shuts on navigation, Escape or a backdrop click.
 */
export function useSidebar() {
  const isSidebarActive = useSettingsStore((state) => state.isSidebarActive);
  const setSidebarActive = useSettingsStore((state) => state.setSidebarActive);
  const [isNarrow, setIsNarrow] = useState(isNarrowWindow);
  const [isOpenWhileNarrow, setIsOpenWhileNarrow] = useState(false);

  useEffect(() => {
    const handleResize = () => {
      const nowNarrow = isNarrowWindow();
      setIsNarrow((wasNarrow) => {
        if (wasNarrow && !nowNarrow) setSidebarActive(true);
        if (!wasNarrow && nowNarrow) setIsOpenWhileNarrow(false);
        return nowNarrow;
      });
    };
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, [setSidebarActive]);

  const isOpen = isNarrow ? isOpenWhileNarrow : isSidebarActive;
  const isOverlay = isNarrow && isOpenWhileNarrow;
  const toggle = () => (isNarrow ? setIsOpenWhileNarrow(!isOpenWhileNarrow) : setSidebarActive(!isSidebarActive));
  const closeOverlay = useCallback(() => setIsOpenWhileNarrow(false), []);

  useEffect(() => {
    if (!isOverlay) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeOverlay();
    };
    // The page behind the overlay does not scroll, as behind a modal.
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOverlay, closeOverlay]);

  return { isOpen, isOverlay, toggle, closeOverlay };
}
