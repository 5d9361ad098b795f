import { describe, expect, it } from 'vitest';
import { getLabelBox, labelGap, placeLabels, spreadStacks, type LabelCandidate } from './map-layout.ts';

const label = (id: string, x: number, y: number, extra: Partial<LabelCandidate> = {}): LabelCandidate => ({
  id,
  x,
  y,
  width: 28,
  height: 14,
  ...extra,
});

describe('airport labels: placed so that none covers another', () => {
  it('puts a label right of its airport when there is room', () => {
    expect(placeLabels([label('KPAO', 100, 100)])).toEqual([
      { id: 'KPAO', side: 'right', box: { left: 106, top: 93, right: 134, bottom: 107 } },
    ]);
  });

  it('moves a label to the left, above or below when the right is taken, in that order', () => {
    // KSQL's label sits right of it; KPAO, just left and below, cannot take its right.
    const placed = placeLabels([label('KSQL', 100, 100), label('KPAO', 90, 105)]);
    expect(placed.map(({ id, side }) => [id, side])).toEqual([
      ['KSQL', 'right'],
      ['KPAO', 'left'],
    ]);
    const [first, second] = placed.map(({ box }) => box);
    expect(second!.right <= first!.left || second!.left >= first!.right).toBe(true);
  });

  it('leaves out a label with no free side, unless it is the flight’s own airport', () => {
    const crowd = [
      label('KSJC', 100, 100),
      label('KRHV', 100, 100),
      label('KNUQ', 100, 100),
      label('KPAO', 100, 100),
      label('E16', 100, 100),
    ];
    expect(placeLabels(crowd).map(({ id }) => id)).toEqual(['KSJC', 'KRHV', 'KNUQ', 'KPAO']);
    const withOrigin = placeLabels([...crowd, label('KMRY', 100, 100, { isRequired: true })]);
    expect(withOrigin.map(({ id, side }) => [id, side]).at(-1)).toEqual(['KMRY', 'right']);
  });

  it('keeps clear of obstacles (other airports’ symbols, the flight’s markers) but not of its own symbol', () => {
    const own = { id: 'KPAO', left: 96, top: 96, right: 104, bottom: 104 };
    const marker = { left: 110, top: 95, right: 124, bottom: 109 };
    expect(placeLabels([label('KPAO', 100, 100)], [own, marker])[0]!.side).toBe('left');
    expect(placeLabels([label('KPAO', 100, 100)], [own])[0]!.side).toBe('right');
  });

  it('measures each side from the point, above and below clear of the labels at the sides', () => {
    const candidate = label('KMRY', 0, 0);
    expect(getLabelBox(candidate, 'left')).toEqual({ left: -labelGap - 28, top: -7, right: -labelGap, bottom: 7 });
    expect(getLabelBox(candidate, 'top')).toEqual({ left: -14, top: -22, right: 14, bottom: -8 });
    expect(getLabelBox(candidate, 'bottom')).toEqual({ left: -14, top: 8, right: 14, bottom: 22 });
  });
});

describe('flight markers: stacks spread apart', () => {
  it('leaves markers that do not touch where they are', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 40, y: 0 },
    ];
    expect(spreadStacks(points, 16)).toEqual(points);
  });

  /** The larger of the horizontal and vertical gap: two square targets `spacing` wide overlap below it. */
  const gap = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

  it('lays a stack out as a grid around its middle, in time order from the top left, each `spacing` from the next', () => {
    // Departure, and two markers on the way back: all at the home airport.
    const home = { x: 100, y: 100 };
    const spread = spreadStacks([home, { x: 300, y: 300 }, { x: 101, y: 100 }, { x: 100, y: 101 }], 16);
    expect(spread[1]).toEqual({ x: 300, y: 300 });
    // Two columns, two rows around (100⅓, 100⅓): the first top left, the second top right, the third below the first.
    expect(spread[0]!.x).toBeCloseTo(100 + 1 / 3 - 8);
    expect(spread[0]!.y).toBeCloseTo(100 + 1 / 3 - 8);
    expect(spread[2]!.x).toBeCloseTo(100 + 1 / 3 + 8);
    expect(spread[2]!.y).toBeCloseTo(spread[0]!.y);
    expect(spread[3]!.x).toBeCloseTo(spread[0]!.x);
    expect(spread[3]!.y).toBeCloseTo(100 + 1 / 3 + 8);
  });

  it("takes in a marker that a stack comes too close to, so no two markers' boxes overlap", () => {
    // Two markers 10 px apart spread to 13 px either side of their middle (5, 0); the third, 30 px
    // right of the first, is clear of both true places but 12 px from the right-hand spread one.
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 30, y: 0 },
      { x: 200, y: 0 },
    ];
    const spread = spreadStacks(points, 26);
    expect(spread[3]).toEqual({ x: 200, y: 0 });
    for (let a = 0; a < spread.length; a += 1) {
      for (let b = a + 1; b < spread.length; b += 1) expect(gap(spread[a]!, spread[b]!)).toBeGreaterThanOrEqual(26 - 1e-6);
    }
    // One stack of three around the middle of their true places.
    const xs = [spread[0]!.x, spread[1]!.x, spread[2]!.x];
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(40 / 3);
  });

  it("leaves no two boxes overlapping among a long flight's 200 markers, some bunched, some far apart", () => {
    // Markers along a loop with bunches every 25 (a holding pattern, a busy circuit).
    const points = Array.from({ length: 200 }, (_, index) => {
      const angle = (Math.floor(index / 5) / 40) * 2 * Math.PI;
      return { x: 500 + 480 * Math.cos(angle) + (index % 5) * 3, y: 300 + 280 * Math.sin(angle) + (index % 3) * 4 };
    });
    const spread = spreadStacks(points, 26);
    for (let a = 0; a < spread.length; a += 1) {
      for (let b = a + 1; b < spread.length; b += 1) expect(gap(spread[a]!, spread[b]!)).toBeGreaterThanOrEqual(26 - 1e-6);
    }
  });
});
