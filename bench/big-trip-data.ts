import type { Coords, TrackPoint, TranscriptJson, TranscriptWord } from '@skylog/contracts';

/**
 * The data of the big-trip benchmark, made up but shaped like a real three-hour cross-country:
 * 1 Hz fixes from a small kinematic model (taxi, take-off, climb, cruise legs with turns, a step
 * climb, descent, landing), rocker markers on all four keys, and a Deepgram-shaped transcript.
 * Seeded, so every run measures the same flight.
 */

export const flightSeconds = 3 * 60 * 60;
/** The marker the benchmark seeks to: 2:30:00 into the flight (and the audio, which starts with it). */
export const seekTargetSeconds = 2.5 * 60 * 60;

type MarkerInput = { markerID: 1 | 2 | 3 | 4; timestamp: number; coords: Coords; notes: { text: string } };

const earthRadiusM = 6_371_000;
const feet = (ft: number) => ft / 3.28084;
const knots = (kt: number) => kt / 1.94384;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const normalize = (heading: number) => ((heading % 360) + 360) % 360;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** mulberry32: small, fast and good enough for made-up flights. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type LatLon = { lat: number; lon: number };

function bearingTo(a: LatLon, b: LatLon): number {
  const dLon = rad(b.lon - a.lon);
  const y = Math.sin(dLon) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(dLon);
  return normalize(deg(Math.atan2(y, x)));
}

function distanceTo(a: LatLon, b: LatLon): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * earthRadiusM * Math.asin(Math.sqrt(h));
}

function move(from: LatLon, bearingDeg: number, metres: number): LatLon {
  const delta = metres / earthRadiusM;
  const bearing = rad(bearingDeg);
  const lat1 = rad(from.lat);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(delta) + Math.cos(lat1) * Math.sin(delta) * Math.cos(bearing));
  const lon2 =
    rad(from.lon) + Math.atan2(Math.sin(bearing) * Math.sin(delta) * Math.cos(lat1), Math.cos(delta) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: deg(lat2), lon: deg(lon2) };
}

/** Palo Alto round the Salinas Valley and the Central Valley: Monterey, Paso Robles, Fresno, Modesto, Livermore. */
const route: LatLon[] = [
  { lat: 36.587, lon: -121.843 },
  { lat: 35.6729, lon: -120.627 },
  { lat: 36.7762, lon: -119.7181 },
  { lat: 37.6258, lon: -120.9544 },
  { lat: 37.6934, lon: -121.8203 },
  { lat: 37.4611, lon: -122.1151 },
];
const departure = { lat: 37.4585, lon: -122.1125 };
const fieldElevationM = 2;

/** Phases by the second: what the pilot aims for (altitude in metres, speed in m/s). */
function targetsAt(t: number): { altitudeM: number | null; speedMps: number } {
  if (t < 300) return { altitudeM: null, speedMps: knots(8) };
  if (t < 345) return { altitudeM: null, speedMps: knots(75) };
  if (t < 5000) return { altitudeM: feet(5500), speedMps: t < 1000 ? knots(78) : knots(112) };
  if (t < 8000) return { altitudeM: feet(7500), speedMps: knots(108) };
  if (t < 9600) return { altitudeM: feet(5500), speedMps: knots(112) };
  if (t < 10_380) return { altitudeM: feet(1000), speedMps: knots(100) };
  if (t < 10_560) return { altitudeM: fieldElevationM, speedMps: knots(65) };
  return { altitudeM: null, speedMps: knots(10) };
}

/** 10,800 fixes at 1 Hz from `startMs`. */
export function generateTrack(startMs: number): TrackPoint[] {
  const random = createRandom(20_261_122);
  let position = departure;
  let altitudeM = fieldElevationM;
  let speedMps = 0;
  let headingDeg = 310;
  let waypoint = 0;
  const points: TrackPoint[] = [];
  for (let t = 0; t < flightSeconds; t += 1) {
    const { altitudeM: targetAltitude, speedMps: targetSpeed } = targetsAt(t);
    const isAirborne = targetAltitude !== null || altitudeM > fieldElevationM + 1;
    // Taxi and take-off roll: runway 31; in the air: direct to the next waypoint at standard rate (3°/s).
    const wantedHeading = !isAirborne ? (t < 300 ? 310 + 40 * Math.sin(t / 40) : 310) : bearingTo(position, route[waypoint]!);
    const turn = ((wantedHeading - headingDeg + 540) % 360) - 180;
    headingDeg = normalize(headingDeg + clamp(turn, isAirborne ? -3 : -15, isAirborne ? 3 : 15));
    if (isAirborne && distanceTo(position, route[waypoint]!) < 1852 && waypoint < route.length - 1) waypoint += 1;
    // Gusts in cruise; firm acceleration on the runway.
    const gust = isAirborne && t > 1000 ? (random() - 0.5) * 1.2 : 0;
    speedMps = Math.max(0, speedMps + clamp(targetSpeed - speedMps, isAirborne ? -0.6 : -2.5, isAirborne ? 0.6 : 2.5) + gust);
    if (targetAltitude !== null && (t >= 345 || speedMps > knots(55))) {
      const climb = targetAltitude > altitudeM ? feet(700) / 60 : feet(600) / 60;
      altitudeM = clamp(
        altitudeM + clamp((targetAltitude - altitudeM) * 0.05, -climb, climb) + (random() - 0.5) * 0.6,
        fieldElevationM,
        4000,
      );
    } else {
      altitudeM = fieldElevationM;
    }
    position = move(position, headingDeg, speedMps);
    points.push({
      timestamp: startMs + t * 1000,
      latitude: round(position.lat, 7),
      longitude: round(position.lon, 7),
      altitude: round(altitudeM, 1),
      accuracy: round(3 + random() * 4, 1),
      heading: round(headingDeg, 1),
      speed: round(speedMps, 2),
    });
  }
  return points;
}

const markerNotes = [
  '',
  '',
  'Radio call read back late',
  'Altitude drifted 200 ft',
  'Good checklist flow',
  'Traffic scan',
  'Heading wandered in the turn',
  '',
];

/**
 * 200 rocker markers over the whole flight, keys 1–4 in turn, one exactly at 2:30:00 and no other
 * within a minute of it (the benchmark finds it by its "+2:30:00" label).
 */
export function generateMarkers(points: readonly TrackPoint[], count = 200): MarkerInput[] {
  const random = createRandom(7);
  const spacing = (flightSeconds - 120) / count;
  const seconds = [seekTargetSeconds];
  for (let index = 0; index < count; index += 1) {
    const second = Math.round(60 + index * spacing + (random() - 0.5) * spacing * 0.6);
    if (Math.abs(second - seekTargetSeconds) >= 60 && seconds.length < count) seconds.push(second);
  }
  // Those left out near 2:30:00 are made up after landing.
  for (let second = flightSeconds - 100; seconds.length < count; second += 7) seconds.push(second);
  return seconds
    .sort((a, b) => a - b)
    .map((second, index) => {
      const { timestamp, ...coords } = points[second]!;
      return {
        markerID: ((index % 4) + 1) as MarkerInput['markerID'],
        timestamp,
        coords,
        notes: { text: markerNotes[index % markerNotes.length]! },
      };
    });
}

const phrases = [
  'Palo Alto tower Skyhawk three four five papa alpha holding short runway three one ready for departure',
  'Skyhawk five papa alpha runway three one cleared for takeoff right crosswind departure approved',
  'NorCal approach Skyhawk three four five papa alpha climbing through three thousand for five thousand five hundred',
  'Squawk four two one five and ident',
  'Cruise checklist mixture leaned fuel selector both engine instruments in the green',
  'Traffic twelve o clock five miles opposite direction altitude indicates six thousand five hundred',
  'Looking for traffic five papa alpha',
  'Nice work on the heading keep your scan moving between the instruments and outside',
  'Monterey tower Skyhawk three four five papa alpha ten miles north at five thousand five hundred transitioning southbound',
  'Hold your altitude you are drifting about two hundred feet high trim it off',
  'Fresno approach five papa alpha request flight following to Modesto',
  'Descent checklist fuel selector both mixture enriching carburetor heat as required',
  'Modesto tower Skyhawk five papa alpha twelve miles east inbound full stop with information golf',
  'Make left traffic runway two eight right report midfield downwind',
  'Good landing keep the yoke back as we slow down and watch your centreline',
];

/**
 * About 2,000 words in utterances spread over the audio, three speakers, as Deepgram answers them
 * (word times in seconds from the start of the audio).
 */
export function generateTranscript(wordCount = 2000): TranscriptJson {
  const random = createRandom(42);
  const words: TranscriptWord[] = [];
  const utteranceCount = 160;
  const slot = flightSeconds / utteranceCount;
  for (let utterance = 0; utterance < utteranceCount && words.length < wordCount; utterance += 1) {
    const remainingUtterances = utteranceCount - utterance;
    const length = Math.min(wordCount - words.length, Math.round((wordCount - words.length) / remainingUtterances + (random() - 0.5) * 6));
    const speaker = utterance % 3;
    const source = phrases[Math.floor(random() * phrases.length)]!.split(' ');
    let time = utterance * slot + random() * (slot - 20);
    for (let index = 0; index < length; index += 1) {
      const word = source[index % source.length]!.toLowerCase();
      const duration = 0.2 + random() * 0.3;
      const isFirst = index === 0;
      const isLast = index === length - 1;
      words.push({
        word,
        start: round(time, 3),
        end: round(time + duration, 3),
        speaker,
        punctuated_word: `${isFirst ? word[0]!.toUpperCase() + word.slice(1) : word}${isLast ? '.' : ''}`,
        confidence: round(0.8 + random() * 0.19, 3),
      });
      time += duration + 0.05 + random() * 0.1;
    }
  }
  const transcript = words.map((word) => word.punctuated_word).join(' ');
  return { results: { channels: [{ alternatives: [{ transcript, words }] }] } };
}
