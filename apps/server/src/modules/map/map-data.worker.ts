import { parentPort } from 'node:worker_threads';
import type { MapBounds, MapFeatures } from '@skylog/contracts';
import { openAirports } from './airports.repository.ts';
import { readAtlas } from './atlas.ts';
import { getMapFeatures } from './map-features.ts';

/**
 * The map data worker: reads the atlas and opens the airports once, then answers one box per message.
 * Parsing 4 MB of TopoJSON (over a second) and scanning 70,000 airports (some 20 ms a box) would stall
 * every other request on the server's main thread; here they stall nothing. If the data cannot be read,
 * the worker fails and the server starts another for the next request.
 */
export type MapDataRequest = { id: number; bounds: MapBounds };
export type MapDataResponse = { id: number; features: MapFeatures } | { id: number; error: string };

const port = parentPort!;
const [atlas, airports] = await Promise.all([readAtlas(), openAirports()]);

// Messages wait in the port's queue until this listener starts it.
port.on('message', ({ id, bounds }: MapDataRequest) => {
  try {
    port.postMessage({ id, features: getMapFeatures(atlas, airports, bounds) } satisfies MapDataResponse);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies MapDataResponse);
  }
});
