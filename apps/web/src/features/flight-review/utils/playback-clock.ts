/** 'seek': someone jumped (follow at once); 'tick': time ran on. */
export type ClockChange = 'tick' | 'seek';
export type ClockListener = (timeMs: number, change: ClockChange) => void;

/**
 * The screen's one clock (epoch ms), outside React: the map, charts, waveform and transcript follow it
 * directly on every tick; React reads it throttled. Whoever plays (the audio, or the track replay)
 * moves it with `update` and takes seeks through its seek handler.
 */
export class PlaybackClock {
  private time = 0;
  private startMs = 0;
  private endMs = 0;
  private hasRange = false;
  private readonly listeners = new Set<ClockListener>();
  private seekHandler: ((timeMs: number) => void) | null = null;

  getTime(): number {
    return this.time;
  }

  getRange(): { startMs: number; endMs: number } {
    return { startMs: this.startMs, endMs: this.endMs };
  }

  /** A new range keeps the current time when it still fits; the first one starts at its beginning. */
  setRange(startMs: number, endMs: number): void {
    this.startMs = startMs;
    this.endMs = Math.max(startMs, endMs);
    const next = this.hasRange ? this.clamp(this.time) : startMs;
    this.hasRange = true;
    this.update(next);
  }

  subscribe(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  setSeekHandler(handler: ((timeMs: number) => void) | null): void {
    this.seekHandler = handler;
  }

  /** The player reports where it is (a click on the waveform is a 'seek' it already made). */
  update(timeMs: number, change: ClockChange = 'tick'): void {
    if (timeMs === this.time && change === 'tick') return;
    this.time = timeMs;
    for (const listener of this.listeners) listener(timeMs, change);
  }

  /** Someone asks to go somewhere (a marker, a word, a chart): everything follows at once. */
  seek(timeMs: number): void {
    const target = this.clamp(timeMs);
    this.update(target, 'seek');
    this.seekHandler?.(target);
  }

  private clamp(timeMs: number): number {
    return Math.min(this.endMs, Math.max(this.startMs, timeMs));
  }
}
