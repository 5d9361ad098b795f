/**
 * Generates the demo trips the seed reads (src/db/seed/demo-trips/<slug>.json and <slug>.opus). It is run
 * by hand and its outputs are committed; the app never imports it. Needs espeak-ng, sox, ffmpeg and ffprobe:
 *
 *   apt-get install -y espeak-ng sox ffmpeg
 *   node --import tsx apps/server/scripts/demo-flights/generate.ts
 *
 * Deterministic: every random choice comes from a PRNG seeded with the trip's slug, so a rerun with
 * the same tool versions writes the same files.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MarkerKey, TranscriptJson, TranscriptWord } from '@skylog/contracts';
import { encodeOpus, mixCockpit, probeDurationSeconds, synthesize, type Clip, type Pause, type Speech } from './cockpit-audio.ts';
import { simulate, type Simulation } from './flight-model.ts';
import { atcVoices, tripPlans, type Cue, type Line, type TripPlan } from './trip-plans.ts';

/** Where seed-demo-trips.ts reads them. */
const outputDir = fileURLToPath(new URL('../../src/db/seed/demo-trips/', import.meta.url));
/** Low enough that the three recordings together stay well under 7 MB, high enough to understand every word. */
const opusBitrate = '6k';
const maxTotalAudioBytes = 7_000_000;
/** The repository's Prettier print width. */
const printWidth = 140;

type Point = [t: number, latitude: number, longitude: number, altitudeM: number, speedMps: number, headingDeg: number];
type TripMarker = { markerID: MarkerKey; t: number; notes: string };
type DemoTrip = {
  trip_name: string;
  aircraft_tail: string;
  left_seat_email: string;
  right_seat_email: string;
  origin: 'KPAO';
  destination: string;
  start_offset_days: number;
  start_time_utc: string;
  points: Point[];
  markers: TripMarker[];
  transcript: TranscriptJson;
  audio_offset_seconds: number;
  trip_well: string | null;
  trip_improve: string | null;
};

/** mulberry32: small, fast, and good enough for jitter. */
function createRandom(seedText: string): () => number {
  let seed = [...seedText].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, digits: number) => {
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits;
  return Object.is(rounded, -0) ? 0 : rounded;
};
const speakerOf = (line: Line) => (line.role === 'instructor' ? 0 : line.role === 'student' ? 1 : 2);

function cueTime(cue: Cue, simulation: Simulation, legIndex: number): number {
  const span = simulation.legSpans[legIndex]!;
  if (cue.from === 'start') return span.start + cue.at;
  if (cue.from === 'end') return span.end + cue.at;
  if (span.touchdown === undefined) throw new Error(`Leg ${legIndex} has a touchdown cue but never touches down`);
  return span.touchdown + cue.at;
}

type SpokenLine = { line: Line; speech: Speech; start: number; end: number };

/**
 * Places every conversation at its cue, one after the other: a conversation that would overlap the
 * previous one waits for it (and says so, so the plan can be fixed if the wait is long).
 */
function scheduleLines(plan: TripPlan, simulation: Simulation, workDir: string, random: () => number): SpokenLine[] {
  const conversations = plan.legs
    .flatMap((leg, legIndex) => (leg.cues ?? []).map((cue) => ({ cue, requested: cueTime(cue, simulation, legIndex) })))
    .sort((a, b) => a.requested - b.requested);
  const spoken: SpokenLine[] = [];
  let free = 0;
  for (const { cue, requested } of conversations) {
    let time = Math.max(requested, free + 1.5);
    if (time - requested > 6) console.warn(`  ${plan.slug}: "${cue.lines[0]?.text.slice(0, 50)}" waits ${(time - requested).toFixed(1)} s`);
    for (const [index, line] of cue.lines.entries()) {
      const voice = line.role === 'instructor' || line.role === 'student' ? plan.crew[line.role] : atcVoices[line.role];
      const speech = synthesize(line.text, voice, workDir);
      if (index > 0) {
        const isReply = speakerOf(line) !== speakerOf(cue.lines[index - 1]!);
        time += isReply ? 0.9 + random() * 0.9 : 0.5 + random() * 0.5;
      }
      const end = time + speech.speechEnd - speech.speechStart;
      spoken.push({ line, speech, start: time, end });
      time = end;
    }
    free = time;
  }
  return spoken;
}

/**
 * Words spread over the utterance in proportion to their length. The pauses at punctuation are snapped
 * to the nearest silence espeak-ng left in the audio, so the highlighting catches up at every phrase.
 */
function toWords({ line, speech, start, end }: SpokenLine, random: () => number): TranscriptWord[] {
  const tokens = line.text.split(/\s+/).filter(Boolean);
  const spans = tokens.map((token, index) => ({
    token,
    speak: token.replace(/[^A-Za-z0-9]/g, '').length + 1,
    pause: index === tokens.length - 1 ? 0 : /[.?!]$/.test(token) ? 4 : /[,;:]$/.test(token) ? 2.5 : 0,
  }));
  const unit = (end - start) / spans.reduce((sum, span) => sum + span.speak + span.pause, 0);
  // Where each word starts and ends by length alone, then each punctuation pause moved onto a real silence.
  let cursor = start;
  const timed = spans.map((span) => {
    const word = { ...span, start: cursor, end: cursor + span.speak * unit };
    cursor = word.end + span.pause * unit;
    return word;
  });
  let unusedFrom = 0;
  let phraseFirst = 0;
  let phraseTime = start;
  timed.forEach((word, index) => {
    const isLast = index === timed.length - 1;
    if (word.pause === 0 && !isLast) return;
    // Leave every word still to come at least a tenth of a second.
    const latest = end - 0.1 * (timed.length - 1 - index);
    const expectedLength = word.end - timed[phraseFirst]!.start;
    let phraseEnd = isLast ? end : Math.min(phraseTime + expectedLength, latest);
    let nextStart = isLast ? end : Math.min(phraseEnd + word.pause * unit, latest);
    if (!isLast) {
      const expected = (phraseEnd + nextStart) / 2 - start;
      const distance = (pause: Pause) => Math.abs((pause.start + pause.end) / 2 - expected);
      // A silence counts only if it leaves the phrase at least half its expected length.
      const nearest = speech.pauses
        .slice(unusedFrom)
        .filter((pause) => distance(pause) < 0.8 && start + pause.start > phraseTime + expectedLength / 2 && start + pause.end < latest)
        .sort((a, b) => distance(a) - distance(b))[0];
      if (nearest) {
        unusedFrom = speech.pauses.indexOf(nearest) + 1;
        phraseEnd = start + nearest.start;
        nextStart = start + nearest.end;
      }
    }
    const phrase = timed.slice(phraseFirst, index + 1);
    const phraseUnit = (phraseEnd - phraseTime) / phrase.reduce((sum, item) => sum + item.speak, 0);
    let at = phraseTime;
    for (const item of phrase) {
      item.start = at;
      item.end = at + item.speak * phraseUnit;
      at = item.end;
    }
    phraseFirst = index + 1;
    phraseTime = nextStart;
  });
  const speaker = speakerOf(line);
  const [low, high] = speaker === 2 ? [0.8, 0.93] : [0.88, 0.99];
  return timed.map(({ token, start: wordStart, end: wordEnd }) => ({
    word: token
      .toLowerCase()
      .replace(/[^a-z0-9'-]/g, '')
      .replace(/^['-]+|['-]+$/g, ''),
    start: round(wordStart, 3),
    end: round(wordEnd, 3),
    confidence: round(low + random() * (high - low), 3),
    speaker,
    punctuated_word: token,
  }));
}

function buildTrip(plan: TripPlan, workDir: string): { trip: DemoTrip; audioPath: string } {
  const random = createRandom(plan.slug);
  const simulation = simulate(plan.start, plan.legs, random);
  const duration = simulation.fixes.at(-1)!.t;
  const spoken = scheduleLines(plan, simulation, workDir, random);
  const words = spoken.flatMap((line) => toWords(line, random));
  const markers = spoken
    .filter((line) => line.line.mark)
    .map(({ line, end }): TripMarker => ({ markerID: line.mark!.key, t: Math.round(end + 1 + random() * 2), notes: line.mark!.notes }));
  const clips: Clip[] = spoken.map(({ line, speech, start }) => ({ at: start, speech, isRadio: speakerOf(line) === 2 }));
  const cockpit = mixCockpit(
    duration,
    simulation.fixes.map((fix) => fix.rpm),
    plan.propellerBlades,
    clips,
    random,
  );
  const audioPath = join(outputDir, `${plan.slug}.opus`);
  encodeOpus(cockpit, workDir, audioPath, opusBitrate);
  const trip: DemoTrip = {
    trip_name: plan.tripName,
    aircraft_tail: plan.aircraftTail,
    left_seat_email: plan.leftSeatEmail,
    right_seat_email: plan.rightSeatEmail,
    origin: 'KPAO',
    destination: plan.destination,
    start_offset_days: plan.startOffsetDays,
    start_time_utc: plan.startTimeUtc,
    points: simulation.fixes.map((fix) => [
      fix.t,
      round(fix.lat, 6),
      round(fix.lon, 6),
      round(fix.altitudeM, 1),
      round(fix.speedMps, 2),
      round(fix.headingDeg, 1) % 360,
    ]),
    markers,
    transcript: {
      results: { channels: [{ alternatives: [{ transcript: words.map((word) => word.punctuated_word).join(' '), words }] }] },
    },
    audio_offset_seconds: 0,
    trip_well: plan.tripWell,
    trip_improve: plan.tripImprove,
  };
  return { trip, audioPath };
}

/**
 * JSON laid out the way Prettier would with the repository's print width (one point, marker or word
 * per line), so `npm run format` leaves it alone. `lead` and `trail`: what shares the value's line
 * before it (a key) and after it (a comma).
 */
function toPrettyJson(value: unknown, indent = '', lead = 0, trail = 0): string {
  const inner = `${indent}  `;
  const fits = (flat: string) => !flat.includes('\n') && indent.length + lead + flat.length + trail <= printWidth;
  const isComposite = (item: unknown) => typeof item === 'object' && item !== null;
  const entryCount = (item: unknown) => (Array.isArray(item) ? item.length : isComposite(item) ? Object.keys(item as object).length : 0);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item, index) => toPrettyJson(item, inner, 0, index < value.length - 1 ? 1 : 0));
    // Prettier always breaks an array of several objects or arrays that have more than one entry each.
    const mustBreak = value.length > 1 && value.every((item) => isComposite(item) && entryCount(item) > 1);
    const flat = `[${items.join(', ')}]`;
    if (!mustBreak && fits(flat)) return flat;
    return `[\n${items.map((item) => inner + item).join(',\n')}\n${indent}]`;
  }
  if (isComposite(value)) {
    const entries = Object.entries(value as object).map(([key, item], index, all) => {
      const name = `${JSON.stringify(key)}: `;
      return name + toPrettyJson(item, inner, name.length, index < all.length - 1 ? 1 : 0);
    });
    if (entries.length === 0) return '{}';
    const flat = `{ ${entries.join(', ')} }`;
    if (indent.length > 0 && fits(flat)) return flat;
    return `{\n${entries.map((entry) => inner + entry).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** The checks of the brief: 1 Hz track, markers inside it, words inside the audio, audio as long as the track. */
function validate(trip: DemoTrip, audioPath: string) {
  const problems: string[] = [];
  trip.points.forEach((point, index) => {
    if (point[0] !== index) problems.push(`point ${index} has t=${point[0]}`);
  });
  const duration = trip.points.at(-1)![0];
  const audioDuration = probeDurationSeconds(audioPath);
  if (Math.abs(audioDuration - duration) > 2) problems.push(`audio lasts ${audioDuration} s, track ${duration} s`);
  const keys = new Set(trip.markers.map((marker) => marker.markerID));
  if (keys.size !== 4) problems.push(`marker keys ${[...keys].join(',')}`);
  if (trip.markers.length < 6 || trip.markers.length > 15) problems.push(`${trip.markers.length} markers`);
  for (const marker of trip.markers) if (marker.t < 0 || marker.t > duration) problems.push(`marker at ${marker.t} s`);
  const words = trip.transcript.results.channels[0]!.alternatives[0]!.words;
  words.forEach((word, index) => {
    if (word.start < 0 || word.end > audioDuration || word.end <= word.start) problems.push(`word ${index} at ${word.start}–${word.end}`);
    if (index > 0 && word.start < words[index - 1]!.end) problems.push(`word ${index} overlaps the previous one`);
  });
  if (problems.length > 0) throw new Error(`${audioPath}:\n  ${problems.slice(0, 20).join('\n  ')}`);
  return { duration, audioDuration, words: words.length };
}

const workDir = mkdtempSync(join(tmpdir(), 'demo-trips-'));
try {
  let totalAudioBytes = 0;
  for (const plan of tripPlans) {
    const { trip, audioPath } = buildTrip(plan, workDir);
    const jsonPath = join(outputDir, `${plan.slug}.json`);
    writeFileSync(jsonPath, `${toPrettyJson(trip)}\n`);
    const { duration, audioDuration, words } = validate(trip, audioPath);
    const audioBytes = statSync(audioPath).size;
    totalAudioBytes += audioBytes;
    const utterances = plan.legs.reduce((sum, leg) => sum + (leg.cues ?? []).reduce((count, cue) => count + cue.lines.length, 0), 0);
    console.log(
      `${plan.slug}: track ${(duration / 60).toFixed(1)} min (${trip.points.length} points), audio ${audioDuration.toFixed(1)} s, ` +
        `${utterances} utterances, ${words} words, ${trip.markers.length} markers, ` +
        `json ${(statSync(jsonPath).size / 1024).toFixed(0)} KiB, opus ${(audioBytes / 1024).toFixed(0)} KiB`,
    );
  }
  console.log(`audio total ${(totalAudioBytes / 1e6).toFixed(2)} MB`);
  if (totalAudioBytes > maxTotalAudioBytes) throw new Error(`The recordings take ${totalAudioBytes} bytes, over ${maxTotalAudioBytes}`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
