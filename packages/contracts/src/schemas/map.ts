import { z } from 'zod';
import { text } from './text.ts';

/** The widest box one request may ask for (degrees of latitude or longitude): a long cross-country, padded. */
export const mapBoundsMaxSpanDegrees = 30;
/** At most this many airports in one answer, the biggest first. */
export const mapAirportsMax = 400;

const latitudeLimit = 90;
const longitudeLimit = 180;

const coordinate = (name: string, limit: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(-limit, `${name} must be between -${limit} and ${limit}`)
    .max(limit, `${name} must be between -${limit} and ${limit}`);

type Side = 'south' | 'west' | 'north' | 'east';

/**
 * GET /api/map/features: a box in degrees, west to east without crossing the antimeridian. A box of
 * zero size is valid (it holds what lies exactly on it). A box that is upside down or too wide names
 * both its sides.
 */
export const mapBoundsQuerySchema = z
  .object({
    south: coordinate('South', latitudeLimit),
    west: coordinate('West', longitudeLimit),
    north: coordinate('North', latitudeLimit),
    east: coordinate('East', longitudeLimit),
  })
  .superRefine((box, ctx) => {
    // A number out of range has its own message already.
    const isInRange =
      [box.south, box.north].every((value) => Math.abs(value) <= latitudeLimit) &&
      [box.west, box.east].every((value) => Math.abs(value) <= longitudeLimit);
    if (!isInRange) return;
    const refuse = (messages: Partial<Record<Side, string>>) => {
      for (const [side, message] of Object.entries(messages)) ctx.addIssue({ code: 'custom', path: [side], message });
    };
    if (box.north < box.south) refuse({ south: 'South must not be north of North', north: 'North must not be south of South' });
    else if (box.north - box.south > mapBoundsMaxSpanDegrees) {
      const message = `The box may span at most ${mapBoundsMaxSpanDegrees} degrees of latitude`;
      refuse({ south: message, north: message });
    }
    if (box.east < box.west) refuse({ west: 'West must not be east of East', east: 'East must not be west of West' });
    else if (box.east - box.west > mapBoundsMaxSpanDegrees) {
      const message = `The box may span at most ${mapBoundsMaxSpanDegrees} degrees of longitude`;
      refuse({ west: message, east: message });
    }
  });
export type MapBounds = z.infer<typeof mapBoundsQuerySchema>;

/** [latitude, longitude], as Leaflet and the track overview take them. */
const latLngSchema = z.tuple([z.number(), z.number()]);
const lineSchema = z.array(latLngSchema);

export const mapAirportKinds = ['large', 'medium', 'small', 'seaplane'] as const;
export type MapAirportKind = (typeof mapAirportKinds)[number];

export const mapAirportSchema = z.object({
  /** The ICAO code where the airport has one (KPAO), else its local identifier (1C9). */
  ident: text(),
  iata: text().nullable(),
  name: text(),
  kind: z.enum(mapAirportKinds),
  position: latLngSchema,
  /** Each runway as its two ends' thresholds, where the data has them. */
  runways: z.array(z.tuple([latLngSchema, latLngSchema])),
});
export type MapAirport = z.infer<typeof mapAirportSchema>;

/** The offline base map inside the asked box: geometry clipped to it and simplified for its size. */
export const mapFeaturesSchema = z.object({
  /**
   * Land as rings (outer rings and holes alike: draw with the even-odd rule). Their outline is the
   * coastline, except where a ring was cut along the box's edge.
   */
  land: z.array(lineSchema),
  country_borders: z.array(lineSchema),
  state_borders: z.array(lineSchema),
  airports: z.array(mapAirportSchema),
  /** Credit for the data, for the map's attribution line. */
  attribution: text(),
});
export type MapFeatures = z.infer<typeof mapFeaturesSchema>;
