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
  // Union-find over the markers: each pass joins every pair of stacks that touch, then lays the joined
  // ones out again. Stacks only ever merge, so this ends, in a few passes on a real flight.
  const parent = points.map((_, index) => index);
  const stackOf = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  let spread = points.map((point) => ({ ...point }));
  for (;;) {
    let hasJoined = false;
    for (let a = 0; a < spread.length; a += 1) {
      for (let b = a + 1; b < spread.length; b += 1) {
        // Measured as boxes are: the larger of the horizontal and vertical gap (allowing for rounding).
        const gap = Math.max(Math.abs(spread[a]!.x - spread[b]!.x), Math.abs(spread[a]!.y - spread[b]!.y));
        if (gap >= spacing - 1e-6 || stackOf(a) === stackOf(b)) continue;
        parent[stackOf(b)] = stackOf(a);
        hasJoined = true;
      }
    }
    if (!hasJoined) return spread;
    spread = layOutStacks(points, points.map((_, index) => stackOf(index)), spacing);
  }
}

/** Each stack of two or more as a grid around the middle of its true places, in order, row by row from the top left. */
function layOutStacks(points: readonly Point[], stacks: readonly number[], spacing: number): Point[] {
  const members = new Map<number, number[]>();
  stacks.forEach((stack, index) => {
    const list = members.get(stack);
    if (list) list.push(index);
    else members.set(stack, [index]);
  });
  const spread = points.map((point) => ({ ...point }));
  for (const stack of members.values()) {
    if (stack.length < 2) continue;
    const middle = {
      x: stack.reduce((sum, index) => sum + points[index]!.x, 0) / stack.length,
      y: stack.reduce((sum, index) => sum + points[index]!.y, 0) / stack.length,
    };
    const columns = Math.ceil(Math.sqrt(stack.length));
    const rows = Math.ceil(stack.length / columns);
    stack.forEach((index, order) => {
      spread[index] = {
        x: middle.x + ((order % columns) - (columns - 1) / 2) * spacing,
        y: middle.y + (Math.floor(order / columns) - (rows - 1) / 2) * spacing,
      };
    });
  }
  return spread;
}
