import { limits } from '@skylog/contracts';
import { useEffect, useState } from 'react';
import { useSettingsStore } from '../../lib/settings-store.ts';

const isNarrowWindow = () => window.innerWidth <= limits.sidebarBreakpointPx;

/**
 * Spec §2: the sidebar opens by itself above 1024 px and closes at 1024 px or narrower. The saved
 * `sidebar active` setting is the choice on wide windows; closing for a narrow window is not saved,
 * so the next wide visit still shows the sidebar as it was left.
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
  const toggle = () => (isNarrow ? setIsOpenWhileNarrow(!isOpenWhileNarrow) : setSidebarActive(!isSidebarActive));
  return { isOpen, toggle };
}
