import { units, type TrackColumns } from '@skylog/contracts';

/** Index of the last value at or before `value` in an ascending list; -1 when it comes before them all. */
export function findIndexAtOrBefore(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= value) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** Index of the value closest to `value` in an ascending list; -1 when the list is empty. */
export function findNearestIndex(sorted: ArrayLike<number>, value: number): number {
  if (sorted.length === 0) return -1;
  const before = findIndexAtOrBefore(sorted, value);
  if (before === -1) return 0;
  if (before === sorted.length - 1) return before;
  return value - sorted[before]! <= sorted[before + 1]! - value ? before : before + 1;
}

export type TrackPosition = { latitude: number; longitude: number; altitude: number | null; speed: number | null; heading: number | null };

/** Where the aircraft was at `timeMs`: between two fixes it moves in a straight line; outside the track it waits at the end. */
export function getTrackPosition(track: TrackColumns, timeMs: number): TrackPosition | null {
  const count = track.timestamp.length;
  if (count === 0) return null;
  const index = Math.max(0, findIndexAtOrBefore(track.timestamp, timeMs));
  const next = Math.min(index + 1, count - 1);
  const from = track.timestamp[index]!;
  const to = track.timestamp[next]!;
  const ratio = to > from ? Math.min(1, Math.max(0, (timeMs - from) / (to - from))) : 0;
  const between = (values: ArrayLike<number>) => values[index]! + (values[next]! - values[index]!) * ratio;
  const nearest = ratio < 0.5 ? index : next;
  return {
    latitude: between(track.latitude),
    longitude: between(track.longitude),
    altitude: track.altitude[nearest] ?? null,
    speed: track.speed[nearest] ?? null,
    heading: track.heading[nearest] ?? track.heading[index] ?? null,
  };
}

export type ChartData = { seconds: number[]; altitudeFt: (number | null)[]; speedKt: (number | null)[] };

/** The chart series: epoch seconds (uPlot's time scale), altitude in feet and ground speed in knots. */
export function getChartData(track: TrackColumns): ChartData {
  return {
    seconds: track.timestamp.map((ms) => ms / 1000),
    altitudeFt: track.altitude.map((metres) => (metres === null ? null : Math.round(metres * units.feetPerMetre))),
    speedKt: track.speed.map((metresPerSecond) =>
      metresPerSecond === null ? null : Math.round(metresPerSecond * units.knotsPerMetrePerSecond * 10) / 10,
    ),
  };
}
