/** Screen layout on the map, in pixels: airport labels that do not overlap, flight markers that do not stack. */

export type Point = { x: number; y: number };
export type Box = { left: number; top: number; right: number; bottom: number };

export const labelSides = ['right', 'left', 'top', 'bottom'] as const;
export type LabelSide = (typeof labelSides)[number];

export type LabelCandidate = Point & {
  id: string;
  width: number;
  height: number;
  /** Placed even where it overlaps (the flight's origin and destination). */
  isRequired?: boolean;
};
export type PlacedLabel = { id: string; side: LabelSide; box: Box };

/** Space between a label at the side and the point it names. */
export const labelGap = 6;

export function getLabelBox({ x, y, width, height }: LabelCandidate, side: LabelSide): Box {
  switch (side) {
    case 'right':
      return { left: x + labelGap, top: y - height / 2, right: x + labelGap + width, bottom: y + height / 2 };
    case 'left':
      return { left: x - labelGap - width, top: y - height / 2, right: x - labelGap, bottom: y + height / 2 };
    // Above and below clear the labels at the sides, which reach half their height up and down.
    case 'top':
      return { left: x - width / 2, top: y - height / 2 - 1 - height, right: x + width / 2, bottom: y - height / 2 - 1 };
    case 'bottom':
      return { left: x - width / 2, top: y + height / 2 + 1, right: x + width / 2, bottom: y + height / 2 + 1 + height };
  }
}

const isOverlapping = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Greedy placement, most important first: each label takes the first side (right, left, above,
 * below) where it covers no label placed before it and no obstacle (the airports' symbols, other
 * than its own); a label with no free side is left out, unless it is required.
 */
export function placeLabels(candidates: readonly LabelCandidate[], obstacles: readonly (Box & { id?: string })[] = []): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  for (const candidate of candidates) {
    const isFree = (box: Box) =>
      placed.every((label) => !isOverlapping(label.box, box)) &&
      obstacles.every((obstacle) => obstacle.id === candidate.id || !isOverlapping(obstacle, box));
    const side = labelSides.find((option) => isFree(getLabelBox(candidate, option))) ?? (candidate.isRequired ? 'right' : undefined);
    if (side) placed.push({ id: candidate.id, side, box: getLabelBox(candidate, side) });
  }
  return placed;
}

/**
 * Flight markers closer than `spacing` stack (a flight leaves and comes back to its airport): each
 * stack is laid out as a small grid around its middle, in the order given (time), row by row from
 * the top left, its members `spacing` apart. Lone markers stay where they are. A stack that comes too
 * close to another marker takes it in. Distances are measured as boxes are (the larger of the
 * horizontal and vertical gap), so no two markers' square targets overlap (WCAG 2.5.8).
 */
export function spreadStacks(points: readonly Point[], spacing: number): Point[] {
  const spread = points.map((point) => ({ ...point }));
  const stackOf = points.map((_, index) => index);
  // Stacks only ever merge, so this ends after at most one pass per marker.
  for (let touching = findTouching(spread, stackOf, spacing); touching; touching = findTouching(spread, stackOf, spacing)) {
    const [kept, merged] = touching;
    for (const [index, stack] of stackOf.entries()) if (stack === merged) stackOf[index] = kept;
    const members = stackOf.flatMap((stack, index) => (stack === kept ? [index] : []));
    const middle = {
      x: members.reduce((sum, index) => sum + points[index]!.x, 0) / members.length,
      y: members.reduce((sum, index) => sum + points[index]!.y, 0) / members.length,
    };
    const columns = Math.ceil(Math.sqrt(members.length));
    const rows = Math.ceil(members.length / columns);
    members.forEach((index, order) => {
      spread[index] = {
        x: middle.x + ((order % columns) - (columns - 1) / 2) * spacing,
        y: middle.y + (Math.floor(order / columns) - (rows - 1) / 2) * spacing,
      };
    });
  }
  return spread;
}

/** Two stacks with markers closer than `spacing` across or down (allowing for rounding), or none. */
function findTouching(points: readonly Point[], stackOf: readonly number[], spacing: number): [number, number] | undefined {
  for (let a = 0; a < points.length; a += 1) {
    for (let b = a + 1; b < points.length; b += 1) {
      if (stackOf[a] === stackOf[b]) continue;
      const gap = Math.max(Math.abs(points[a]!.x - points[b]!.x), Math.abs(points[a]!.y - points[b]!.y));
      if (gap < spacing - 1e-6) return [stackOf[a]!, stackOf[b]!];
    }
  }
  return undefined;
}
