import { limits } from '@skylog/contracts';
import { useSyncExternalStore } from 'react';

// The sidebar's breakpoint: windows of `limits.sidebarBreakpointPx` and narrower are narrow.
const narrowQuery = `(max-width: ${limits.sidebarBreakpointPx}px)`;

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(narrowQuery);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia?.(narrowQuery).matches ?? false;

/** True at 1024 px wide or narrower: the review screen docks its player at the bottom there. */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow);
}
