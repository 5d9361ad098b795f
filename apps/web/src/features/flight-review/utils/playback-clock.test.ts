import { describe, expect, it, vi } from 'vitest';
import { PlaybackClock } from './playback-clock.ts';

describe('the playback clock', () => {
  it('starts at the beginning of its first range and keeps its time when the range changes', () => {
    const clock = new PlaybackClock();
    clock.setRange(1000, 5000);
    expect(clock.getTime()).toBe(1000);
    clock.update(3000);
    clock.setRange(1000, 9000);
    expect(clock.getTime()).toBe(3000);
    clock.setRange(4000, 9000);
    expect(clock.getTime()).toBe(4000);
  });

  it('tells every listener about ticks, once per change', () => {
    const clock = new PlaybackClock();
    clock.setRange(0, 10_000);
    const listener = vi.fn();
    const unsubscribe = clock.subscribe(listener);
    clock.update(100);
    clock.update(100);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(100, 'tick');
    unsubscribe();
    clock.update(200);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('moves everyone at once on a seek, clamped to its range, and asks the player to follow', () => {
    const clock = new PlaybackClock();
    clock.setRange(1000, 5000);
    const listener = vi.fn();
    const seekHandler = vi.fn();
    clock.subscribe(listener);
    clock.setSeekHandler(seekHandler);
    clock.seek(99_999);
    expect(clock.getTime()).toBe(5000);
    expect(listener).toHaveBeenLastCalledWith(5000, 'seek');
    expect(seekHandler).toHaveBeenLastCalledWith(5000);
    clock.seek(0);
    expect(seekHandler).toHaveBeenLastCalledWith(1000);
    // Seeking to where it already is still counts: the transcript scrolls back to it.
    clock.seek(1000);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('stops asking a player that has gone', () => {
    const clock = new PlaybackClock();
    clock.setRange(0, 10);
    const seekHandler = vi.fn();
    clock.setSeekHandler(seekHandler);
    clock.setSeekHandler(null);
    clock.seek(5);
    expect(seekHandler).not.toHaveBeenCalled();
    expect(clock.getTime()).toBe(5);
  });
});
