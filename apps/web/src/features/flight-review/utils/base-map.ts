import { mapBoundsMaxSpanDegrees, type MapAirport, type MapBounds } from '@skylog/contracts';

/** Boxes snap outward to this grid (degrees): nearby views ask for the same box. */
const gridDegrees = 0.25;

const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));

/**
 * The box of the offline base map for what the map shows: the view and half its size again on each
 * side (room to pan, or to zoom out a level), snapped to a grid, and never wider than the server draws.
 */
export function getBaseMapBounds(view: MapBounds): MapBounds {
  const side = (low: number, high: number, limit: number) => {
    const padding = (high - low) / 2;
    let from = Math.floor((low - padding) / gridDegrees) * gridDegrees;
    let to = Math.ceil((high + padding) / gridDegrees) * gridDegrees;
    if (to - from > mapBoundsMaxSpanDegrees) {
      const middle = Math.round((low + high) / 2 / gridDegrees) * gridDegrees;
      from = middle - mapBoundsMaxSpanDegrees / 2;
      to = middle + mapBoundsMaxSpanDegrees / 2;
    }
    return [clamp(from, limit), clamp(to, limit)] as const;
  };
  const [south, north] = side(view.south, view.north, 90);
  const [west, east] = side(view.west, view.east, 180);
  return { south, west, north, east };
}

const isViewInside = (view: MapBounds, box: MapBounds) =>
  view.south >= box.south && view.north <= box.north && view.west >= box.west && view.east <= box.east;

const spanOf = (box: MapBounds) => Math.max(box.north - box.south, box.east - box.west);
const isSameBox = (a: MapBounds, b: MapBounds) => a.south === b.south && a.west === b.west && a.north === b.north && a.east === b.east;

/**
 * The box to draw after the map moved: the current one while it holds the view and is at most four
 * times its size (panning, zooming in a little), else the new view's box (the map left it, or zoomed
 * in far enough that a closer box has more detail and fewer airports).
 */
export function getNextBaseMapBounds(current: MapBounds | null, view: MapBounds): MapBounds {
  if (current && isViewInside(view, current) && spanOf(current) <= 4 * spanOf(view)) return current;
  const next = getBaseMapBounds(view);
  return current && isSameBox(current, next) ? current : next;
}

/** A trip's origin or destination as people type it ("KPAO", "pao", "KPAO Palo Alto") names this airport. */
export function isAirportNamed(airport: Pick<MapAirport, 'ident' | 'iata'>, text: string | null | undefined): boolean {
  const code = text
    ?.trim()
    .split(/[\s,;:/()–-]+/)[0]
    ?.toUpperCase();
  return Boolean(code) && (code === airport.ident.toUpperCase() || code === airport.iata?.toUpperCase());
}
