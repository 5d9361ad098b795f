import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls at once, then at most once per interval, always delivering the last value', () => {
    const callback = vi.fn();
    const throttled = throttle(callback, 250);
    throttled(1);
    expect(callback).toHaveBeenLastCalledWith(1);
    for (let value = 2; value <= 10; value += 1) {
      vi.advanceTimersByTime(20);
      throttled(value);
    }
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(250);
    expect(callback).toHaveBeenCalledTimes(2);
    expect(callback).toHaveBeenLastCalledWith(10);
  });

  it('delivers four updates a second from a 60 fps source', () => {
    const callback = vi.fn();
    const throttled = throttle(callback, 250);
    for (let frame = 0; frame < 60; frame += 1) {
      throttled(frame);
      vi.advanceTimersByTime(1000 / 60);
    }
    vi.advanceTimersByTime(250);
    expect(callback.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(callback.mock.calls.length).toBeLessThanOrEqual(5);
    expect(callback).toHaveBeenLastCalledWith(59);
  });

  it('drops a pending call when cancelled', () => {
    const callback = vi.fn();
    const throttled = throttle(callback, 250);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
