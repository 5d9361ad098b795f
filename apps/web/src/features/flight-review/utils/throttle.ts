/** Calls at most once per `intervalMs`, first call at once and the last one always delivered. */
export function throttle<Args extends unknown[]>(callback: (...args: Args) => void, intervalMs: number) {
  let lastCallAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pendingArgs: Args | null = null;

  const flush = () => {
    timer = null;
    if (!pendingArgs) return;
    const args = pendingArgs;
    pendingArgs = null;
    lastCallAt = Date.now();
    callback(...args);
  };

  const throttled = (...args: Args) => {
    const wait = lastCallAt + intervalMs - Date.now();
    if (wait <= 0 && !timer) {
      lastCallAt = Date.now();
      callback(...args);
      return;
    }
    pendingArgs = args;
    timer ??= setTimeout(flush, Math.max(0, wait));
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pendingArgs = null;
  };
  return throttled;
}
