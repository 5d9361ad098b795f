import { useEffect } from 'react';
import { refreshSession } from '../api/refresh-session.ts';

const tickMs = 5 * 60 * 1000;

/**
 * The session is refreshed near expiry (docs/product.md "Sign-in and second step"); refreshing pauses while the page is
 * hidden and resumes (at once) when it is visible again. A failed refresh is transient: the next tick tries again, and
 * a really expired session shows up as a 401 on the next data call.
 */
export function useSessionRefresh() {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const refresh = () => void refreshSession().catch(() => undefined);
    const start = () => {
      timer ??= setInterval(refresh, tickMs);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const handleVisibilityChange = () => {
      if (document.visibilityState === 'visible') {
        refresh();
        start();
      } else {
        stop();
      }
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', handleVisibilityChange);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', handleVisibilityChange);
    };
  }, []);
}
