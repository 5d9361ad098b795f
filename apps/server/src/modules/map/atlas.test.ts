import { describe, expect, it } from 'vitest';
import { buildAtlas, decodeArcs, sharedArcs, stitchRing, type Topology } from './atlas.ts';
import { clipRing } from './geometry.ts';

/**
 * Two countries side by side on an island, as TopoJSON encodes them (quantized, delta-encoded):
 * West is x 0–2, East is x 2–4, both y 0–2. Arc 0 is their border (x = 2, north to south), arc 1
 * West's coast, arc 2 East's coast.
 */
const island: Topology = {
  transform: { scale: [1, 1], translate: [0, 0] },
  arcs: [
    [
      [2, 2],
      [0, -2],
    ],
    [
      [2, 0],
      [-2, 0],
      [0, 2],
      [2, 0],
    ],
    [
      [2, 2],
      [2, 0],
      [0, -2],
      [-2, 0],
    ],
  ],
  objects: {
    countries: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', arcs: [[0, 1]] },
        { type: 'Polygon', arcs: [[2, ~0]] },
      ],
    },
    land: { type: 'GeometryCollection', geometries: [{ type: 'MultiPolygon', arcs: [[[1, 2]]] }] },
  },
};

const noStates: Topology = { arcs: [], objects: { states: { type: 'GeometryCollection', geometries: [] } } };
const everywhere = { south: -90, west: -180, north: 90, east: 180 };

describe('map atlas: reading world-atlas and us-atlas TopoJSON', () => {
  it('decodes quantized, delta-encoded arcs into positions', () => {
    const [border, westCoast] = decodeArcs(island);
    expect(Array.from(border!.path)).toEqual([2, 2, 2, 0]);
    expect(Array.from(westCoast!.path)).toEqual([2, 0, 0, 0, 0, 2, 2, 2]);
    expect(westCoast!.box).toEqual([0, 0, 2, 2]);
    // Scale and translate place them on the globe.
    const placed = decodeArcs({ ...island, transform: { scale: [0.5, 0.25], translate: [-122, 37] } });
    expect(Array.from(placed[0]!.path)).toEqual([-121, 37.5, -121, 37]);
  });

  it('stitches a ring from its arcs, reversed ones backwards', () => {
    const arcs = decodeArcs(island);
    expect(stitchRing(arcs, [2, ~0], everywhere)).toEqual([2, 2, 4, 2, 4, 0, 2, 0, 2, 2]);
  });

  it('replaces an arc wholly beyond one edge of the box by its ends, which clips to the same ring', () => {
    const arcs = decodeArcs(island);
    // The east half of East only: the border (x = 2) lies wholly west of it.
    const box = { south: -1, west: 3, north: 3, east: 5 };
    const shortened = stitchRing(arcs, [2, ~0], box);
    expect(shortened).toEqual([2, 2, 4, 2, 4, 0, 2, 0, 2, 2]);
    // West's coast, wholly beyond x = 3, is cut to its two ends.
    expect(stitchRing(arcs, [1, 0], box)).toEqual([2, 0, 2, 2, 2, 0]);
    expect(clipRing(shortened, box)).toEqual(clipRing(stitchRing(arcs, [2, ~0], everywhere), box));
  });

  it('finds the land (its rings of arcs) and the borders (arcs two countries share)', () => {
    expect(sharedArcs(island.objects.countries!)).toEqual([0]);
    const atlas = buildAtlas(island, noStates);
    expect(atlas.countryBorders.map((border) => Array.from(border.path))).toEqual([[2, 2, 2, 0]]);
    expect(atlas.landRings).toEqual([{ arcs: [1, 2], box: [0, 0, 4, 2] }]);
    expect(atlas.stateBorders).toEqual([]);
  });
});
