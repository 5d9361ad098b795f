import { Worker } from 'node:worker_threads';
import type { AircraftCategory, MapBounds, MapFeatures } from '@skylog/contracts';
import { findFieldsAround, findNearestFieldIdent, openAirports } from './airports.repository.ts';
import type { MapDataRequest, MapDataResponse } from './map-data.worker.ts';

type Pending = { resolve: (features: MapFeatures) => void; reject: (error: Error) => void };
type MapDataWorker = { worker: Worker; pending: Map<number, Pending> };

let current: MapDataWorker | undefined;
let nextId = 0;

/** One worker per process, started by the first map request; it holds the process open only while it has work. */
function startWorker(): MapDataWorker {
  // The server runs TypeScript through tsx (ARCHITECTURE.md): so does its worker.
  // node:sqlite (the airports) is still marked experimental: its one-time warning says nothing to an operator.
  const worker = new Worker(new URL('./map-data.worker.ts', import.meta.url), { execArgv: ['--import', 'tsx', '--disable-warning=ExperimentalWarning'] });
  const started: MapDataWorker = { worker, pending: new Map() };
  worker.on('message', (response: MapDataResponse) => {
    const waiting = started.pending.get(response.id);
    if (!waiting) return;
    started.pending.delete(response.id);
    if (started.pending.size === 0) worker.unref();
    if ('error' in response) waiting.reject(new Error(`map data: ${response.error}`));
    else waiting.resolve(response.features);
  });
  // A worker that dies fails what it was asked; the next request starts another.
  const fail = (error: Error) => {
    for (const waiting of started.pending.values()) waiting.reject(error);
    started.pending.clear();
    if (current === started) current = undefined;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`map data worker exited with code ${code}`)));
  return started;
}

/** Land, borders and airports inside the box (the worker clips and simplifies them). */
export function getMapFeatures(bounds: MapBounds): Promise<MapFeatures> {
  current ??= startWorker();
  const { worker, pending } = current;
  const id = (nextId += 1);
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage({ id, bounds } satisfies MapDataRequest);
  });
}

export type FieldFinder = {
  find: (points: readonly { latitude: number; longitude: number }[], category: AircraftCategory | null) => ReturnType<typeof findFieldsAround>;
  /** The identifier of the field at a touchdown or lift-off (the logbook's route), null away from any. */
  nearestIdent: (place: { latitude: number; longitude: number }, category: AircraftCategory | null) => string | null;
  close: () => void;
};

/**
 * The airport database's fields under and around a track, for the flight analysis (go-arounds and touch-and-goes
 * away from the home field), read in this thread; null where Node has no node:sqlite.
 */
export async function openFieldFinder(): Promise<FieldFinder | null> {
  const db = await openAirports();
  return db === null
    ? null
    : {
        find: (points, category) => findFieldsAround(db, points, category),
        nearestIdent: (place, category) => findNearestFieldIdent(db, place, category),
        close: () => db.close(),
      };
}

/** The airport database, opened once when a first analysis or logbook entry needs it (null where Node has no node:sqlite). */
let shared: Promise<FieldFinder | null> | undefined;

export function sharedFieldFinder(): Promise<FieldFinder | null> {
  shared ??= openFieldFinder().catch(() => null);
  return shared;
}
