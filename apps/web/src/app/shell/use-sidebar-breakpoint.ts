import { limits } from '@skylog/contracts';
import { useEffect } from 'react';
import { useSettingsStore } from '../../lib/settings-store.ts';

const isWide = () => window.innerWidth > limits.sidebarBreakpointPx;

/** The sidebar opens by itself above 1024 px and closes at 1024 px or narrower (spec §2). */
export function useSidebarBreakpoint() {
  const setSidebarActive = useSettingsStore((state) => state.setSidebarActive);
  useEffect(() => {
    // On a narrow window the sidebar starts closed; on a wide one it keeps the saved choice.
    if (!isWide()) setSidebarActive(false);
    let wasWide = isWide();
    const handleResize = () => {
      const nowWide = isWide();
      if (nowWide !== wasWide) setSidebarActive(nowWide);
      wasWide = nowWide;
    };
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, [setSidebarActive]);
}
