import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { audioUploadSchema, tripDetailSchema, tripListSchema, tripTranscriptSchema, type TripDetail, type TripTranscript } from '@skylog/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { appOrigin, type TestApp } from './helper.ts';
import type { sessions } from './people-helper.ts';

const run = promisify(execFile);

/** One fix as the recorder sends it (epoch ms, metres, m/s, degrees true). */
export type PointInput = {
  timestamp: number | string;
  latitude: number;
  longitude: number;
  altitude?: number | null;
  accuracy?: number | null;
  heading?: number | null;
  speed?: number | null;
};

export type TrackOptions = {
  start: number;
  count: number;
  stepMs?: number;
  latitude?: number;
  longitude?: number;
  /** Degrees of latitude flown north per fix. */
  latitudeStep?: number;
  longitudeStep?: number;
};

/**
 * A straight track: `count` fixes `stepMs` apart, starting near Palo Alto. Flown due north it is
 * easy to measure: one degree of latitude is 60.04 nautical miles on Skylog's sphere.
 */
export function straightTrack({
  start,
  count,
  stepMs = 1000,
  latitude = 37.46,
  longitude = -122.11,
  latitudeStep = 0.0005,
  longitudeStep = 0,
}: TrackOptions) {
  return Array.from({ length: count }, (_, index) => ({
    timestamp: start + index * stepMs,
    latitude: latitude + index * latitudeStep,
    longitude: longitude + index * longitudeStep,
    altitude: 100 + index,
    accuracy: 5,
    heading: 0,
    speed: 50,
  }));
}

/** Nautical miles per degree of latitude on the sphere Skylog measures with (mean radius 6,371,008.8 m). */
export const nmPerDegreeLatitude = (6_371_008.8 * Math.PI) / 180 / 1852;

const iso = (timestamp: number) => new Date(timestamp).toISOString();

export function gpxOf(points: { timestamp: number; latitude: number; longitude: number; altitude?: number | null }[]): string {
  const fixes = points
    .map(
      (point) =>
        `<trkpt lat="${point.latitude}" lon="${point.longitude}"><ele>${point.altitude ?? 0}</ele><time>${iso(point.timestamp)}</time></trkpt>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>t</name><trkseg>\n${fixes}\n</trkseg></trk></gpx>\n`;
}

export function kmlOf(points: { timestamp: number; latitude: number; longitude: number; altitude?: number | null }[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><Placemark><gx:Track>',
    ...points.map((point) => `<when>${iso(point.timestamp)}</when>`),
    ...points.map((point) => `<gx:coord>${point.longitude} ${point.latitude} ${point.altitude ?? 0}</gx:coord>`),
    '</gx:Track></Placemark></Document></kml>',
    '',
  ].join('\n');
}

export function csvOf(points: { timestamp: number; latitude: number; longitude: number; altitude?: number | null }[]): string {
  return [
    'time,latitude,longitude,altitude',
    ...points.map((point) => `${iso(point.timestamp)},${point.latitude},${point.longitude},${point.altitude ?? 0}`),
    '',
  ].join('\n');
}

/** An IGC log of one day: B records at whole seconds (IGC has no finer time), positions in degrees and thousandths of minutes. */
export function igcOf(points: { timestamp: number; latitude: number; longitude: number }[]): string {
  const day = new Date(points[0]!.timestamp);
  const date = `${String(day.getUTCDate()).padStart(2, '0')}${String(day.getUTCMonth() + 1).padStart(2, '0')}${String(day.getUTCFullYear() % 100).padStart(2, '0')}`;
  const angle = (value: number, degreeDigits: number, positive: string, negative: string) => {
    const absolute = Math.abs(value);
    const degrees = Math.floor(absolute);
    const thousandths = Math.round((absolute - degrees) * 60 * 1000);
    return `${String(degrees).padStart(degreeDigits, '0')}${String(thousandths).padStart(5, '0')}${value < 0 ? negative : positive}`;
  };
  const fixes = points.map((point) => {
    const time = new Date(point.timestamp).toISOString().slice(11, 19).replaceAll(':', '');
    return `B${time}${angle(point.latitude, 2, 'N', 'S')}${angle(point.longitude, 3, 'E', 'W')}A0010000120`;
  });
  return ['AXXX001', `HFDTEDATE:${date},01`, ...fixes, ''].join('\r\n');
}

type Sessions = ReturnType<typeof sessions>;

/** Trips made and read through the API, as a signed-in person. */
export function tripsApi(getApp: () => TestApp, s: Sessions) {
  async function create(email: string, body: Record<string, unknown>): Promise<TripDetail> {
    const response = await s.call(email, 'POST', '/api/trips', body);
    expect(response.statusCode, response.body).toBe(201);
    return tripDetailSchema.parse(response.json());
  }

  async function get(email: string, id: string): Promise<TripDetail> {
    const response = await s.call(email, 'GET', `/api/trips/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return tripDetailSchema.parse(response.json());
  }

  /** The trip's transcript (asked for apart from the trip). */
  async function transcript(email: string, id: string): Promise<TripTranscript['transcript_json']> {
    const response = await s.call(email, 'GET', `/api/trips/${id}/transcript`);
    expect(response.statusCode, response.body).toBe(200);
    return tripTranscriptSchema.parse(response.json()).transcript_json;
  }

  async function list(email: string, query = '') {
    const response = await s.call(email, 'GET', `/api/trips${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return tripListSchema.parse(response.json());
  }

  async function importFile(email: string, filename: string, body: string | Buffer, query = ''): Promise<LightMyRequestResponse> {
    return getApp().request({
      method: 'POST',
      url: `/api/trips/import?filename=${encodeURIComponent(filename)}${query}`,
      cookie: await s.as(email),
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.isBuffer(body) ? body : Buffer.from(body),
    });
  }

  return { create, get, transcript, list, importFile };
}

export const uploadContentType = 'application/offset+octet-stream';

/** A tone made with the app's own ffmpeg (a sine, so every codec can carry it). */
export async function makeTone(ffmpegPath: string, dir: string, name: string, seconds: number, codecArgs: string[] = []): Promise<Buffer> {
  const file = path.join(dir, name);
  await run(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}:sample_rate=44100`,
    ...codecArgs,
    file,
  ]);
  return readFile(file);
}

export async function hasEncoder(ffmpegPath: string, encoder: string): Promise<boolean> {
  const { stdout } = await run(ffmpegPath, ['-hide_banner', '-encoders']);
  return new RegExp(`\\b${encoder}\\b`).test(stdout);
}

export const tusVersionHeaders = { 'tus-resumable': '1.0.0' };

/** tus's Upload-Metadata: each key with its value in base64. */
export function uploadMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/**
 * Resumable audio uploads over tus 1.0 (create, PATCH pieces, HEAD, the JSON state, DELETE), with a session
 * cookie or a Bearer token. An upload is named by its URL, the creation's Location.
 */
export function uploadsApi(getApp: () => TestApp) {
  type Auth = { cookie: string } | { token: string };
  const send = (auth: Auth, options: { method: 'POST' | 'PATCH' | 'HEAD' | 'GET' | 'DELETE'; url: string; headers?: Record<string, string>; payload?: Buffer }) =>
    getApp().request({
      ...options,
      ...('cookie' in auth ? { cookie: auth.cookie } : {}),
      headers: { ...('token' in auth ? { authorization: `Bearer ${auth.token}` } : {}), ...options.headers },
    });

  /** tus creation: the file's size and name (and type and takes when given) in the protocol's headers. */
  async function start(auth: Auth, tripId: string, file: { filename: string; size_bytes: number; content_type?: string; takes?: string }) {
    const metadata = uploadMetadata({
      filename: file.filename,
      ...(file.content_type === undefined ? {} : { filetype: file.content_type }),
      ...(file.takes === undefined ? {} : { takes: file.takes }),
    });
    return send(auth, {
      method: 'POST',
      url: `/api/trips/${tripId}/audio/tus`,
      headers: { ...tusVersionHeaders, 'upload-length': String(file.size_bytes), 'upload-metadata': metadata },
    });
  }

  async function patch(auth: Auth, url: string, offset: number | string, bytes: Buffer, contentType = uploadContentType) {
    return send(auth, {
      method: 'PATCH',
      url,
      headers: { ...tusVersionHeaders, 'content-type': contentType, 'upload-offset': String(offset) },
      payload: bytes,
    });
  }

  const head = async (auth: Auth, url: string) => send(auth, { method: 'HEAD', url, headers: tusVersionHeaders });
  /** The upload's progress and processing (GET, JSON). */
  const read = async (auth: Auth, url: string) => send(auth, { method: 'GET', url });
  const terminate = async (auth: Auth, url: string) => send(auth, { method: 'DELETE', url, headers: tusVersionHeaders });

  /**
   * Sends a whole file in `pieces` PATCHes, then lets the job worker process it; answers the upload's final state.
   * `takes` is the metadata of a recording in takes, whose files are one after another in `bytes`.
   */
  async function upload(auth: Auth, tripId: string, bytes: Buffer, filename: string, pieces = 2, takes?: string) {
    const started = await start(auth, tripId, { filename, size_bytes: bytes.length, ...(takes === undefined ? {} : { takes }) });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as string;
    const url = started.headers.location as string;
    const pieceSize = Math.ceil(bytes.length / pieces);
    for (let offset = 0; offset < bytes.length; offset += pieceSize) {
      const response = await patch(auth, url, offset, bytes.subarray(offset, offset + pieceSize));
      expect(response.statusCode, response.body).toBe(204);
      expect(response.headers['upload-offset']).toBe(String(Math.min(bytes.length, offset + pieceSize)));
    }
    await getApp().ctx.jobs.drain();
    const state = await read(auth, url);
    expect(state.statusCode, state.body).toBe(200);
    return { id, url, state: audioUploadSchema.parse(state.json()) };
  }

  return { start, patch, head, read, terminate, upload };
}

/** The port of the app on a real socket, listening from the first call on (closed with the app). */
export async function listeningPort(t: TestApp): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/**
 * Starts a PATCH of a whole recording at offset 0 over a real connection, sends its first `cut` bytes and
 * breaks the connection, as a pilot's phone losing signal does.
 */
export async function sendAndCut(t: TestApp, { url, cookie, bytes, cut }: { url: string; cookie: string; bytes: Buffer; cut: number }) {
  const request = http.request({
    host: '127.0.0.1',
    port: await listeningPort(t),
    method: 'PATCH',
    path: url,
    headers: {
      origin: appOrigin,
      cookie,
      ...tusVersionHeaders,
      'content-type': uploadContentType,
      'upload-offset': '0',
      'content-length': String(bytes.length),
    },
  });
  // The connection is cut on purpose; the client's own error is expected.
  request.on('error', () => undefined);
  await new Promise((resolve) => request.write(bytes.subarray(0, cut), resolve));
  // Loopback delivers the written bytes at once; a moment lets the server read them before the cut.
  await new Promise((resolve) => setTimeout(resolve, 500));
  request.destroy();
}

/**
 * One request over a real connection, for what `inject` cannot show: bodies streamed in chunks
 * (several buffers and no Content-Length: chunked transfer encoding) and refusals mid-body.
 */
export async function sendOverHttp(
  t: TestApp,
  options: { method: string; path: string; headers: Record<string, string>; body: Buffer | Buffer[] },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const port = await listeningPort(t);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: { origin: appOrigin, ...options.headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    const chunks = Array.isArray(options.body) ? options.body : [options.body];
    let index = 0;
    const write = () => {
      while (index < chunks.length) {
        index += 1;
        if (!request.write(chunks[index - 1])) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}
