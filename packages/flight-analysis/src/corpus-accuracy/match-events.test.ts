import { describe, expect, it } from 'vitest';
import { arrivalSegments, buildSyntheticTrack, circuitSegments, departureSegments } from '../synthetic-track.ts';
import { detectCorpusEvents, type DetectedEvents } from './corpus-adapters.ts';
import { matchEvents } from './match-events.ts';
import { scoreFlight, type FlightLabel } from './track-accuracy.ts';

const at = (seconds: number) => ({ time: Date.UTC(2026, 0, 1, 12) + seconds * 1000 });

describe('matchEvents', () => {
  it('finds a detection up to 10 s either side of the labelled time, and not beyond', () => {
    const truth = [at(100), at(200), at(300)];
    const match = matchEvents(truth, [at(110), at(190), at(310.001)]);
    expect(match.found.map(({ truth: event }) => event)).toEqual([at(100), at(200)]);
    expect(match.missed).toEqual([at(300)]);
    expect(match.invented).toEqual([at(310.001)]);
  });

  it('lets one detection answer only one true event: the nearer one, the other is missed', () => {
    const match = matchEvents([at(100), at(106)], [at(105)]);
    expect(match.found).toEqual([{ truth: at(106), detected: at(105) }]);
    expect(match.missed).toEqual([at(100)]);
    expect(match.invented).toEqual([]);
  });

  it('spends no detection on one event when that would leave another unmatched', () => {
    // 104 is as near to 100 as to 108; giving it to 100 would leave 108 missed and 95 invented.
    const match = matchEvents([at(100), at(108)], [at(95), at(104)]);
    expect(match.found).toEqual([
      { truth: at(100), detected: at(95) },
      { truth: at(108), detected: at(104) },
    ]);
  });

  it('tells a detection with nothing true near it (invented) from a true event with nothing detected (missed)', () => {
    const match = matchEvents([at(100)], [at(400), at(500)]);
    expect(match.found).toEqual([]);
    expect(match.missed).toEqual([at(100)]);
    expect(match.invented).toEqual([at(400), at(500)]);
  });
});

describe('scoreFlight', () => {
  const iso = (seconds: number) => at(seconds).time;
  const label: FlightLabel = {
    file: 'circuits.csv.gz',
    category: 'airplane',
    aircraft: 'Cessna 172S',
    format: 'plain-csv',
    takeoffs: [{ time: iso(0) }, { time: iso(300) }],
    landings: [
      { time: iso(290), kind: 'touch_and_go' },
      { time: iso(600), kind: 'full_stop' },
    ],
    go_arounds: [],
  };

  it('counts a landing found at the right time but of the wrong kind as found, and as a touch-and-go called a full stop', () => {
    const detected: DetectedEvents = {
      takeoffs: [at(2), at(303)],
      landings: [
        { ...at(288), kind: 'full_stop' },
        { ...at(601), kind: 'full_stop' },
      ],
      goArounds: [at(450)],
    };
    const score = scoreFlight(label, 'csv', detected);
    expect(score.counts.landing).toEqual({ truth: 2, detected: 2, found: 2, missed: 0, invented: 0 });
    expect(score.kinds).toEqual({ right: 1, matched: 2 });
    expect(score.counts.go_around).toEqual({ truth: 0, detected: 1, found: 0, missed: 0, invented: 1 });
    expect(score.wrong.map(({ event, expected, found }) => [event, expected, found])).toEqual([
      ['landing', 'touch-and-go at 12:04:50Z', 'full stop (−2 s)'],
      ['go_around', 'nothing', 'go-around at 12:07:30Z'],
    ]);
  });

  it('says where the nearest detection was when a true event is missed, and that nothing was detected when nothing was', () => {
    const score = scoreFlight(label, 'csv', {
      takeoffs: [at(0)],
      landings: [
        { ...at(600), kind: 'full_stop' },
        { ...at(320), kind: 'touch_and_go' },
      ],
      goArounds: [],
    });
    expect(score.wrong.map(({ event, found }) => [event, found])).toEqual([
      ['landing', 'none within ±10 s (nearest 12:05:20Z, +30 s)'],
      ['takeoff', 'none within ±10 s (nearest 12:00:00Z, −300 s)'],
      ['landing', 'landing (touch-and-go) at 12:05:20Z'],
    ]);
    expect(scoreFlight(label, 'csv', { takeoffs: [], landings: [], goArounds: [] }).wrong[0]!.found).toBe('no take-off detected');
  });
});

describe('detectCorpusEvents', () => {
  it('gives the lift-off of the take-off roll and of each touch-and-go as take-offs, beside the landings', () => {
    const { points, marks } = buildSyntheticTrack([
      ...departureSegments(),
      ...circuitSegments('first-'),
      { kind: 'roll', toSpeedKt: 65, mark: 'touch-and-go' },
      ...circuitSegments('second-'),
      ...arrivalSegments(),
    ]);
    const events = detectCorpusEvents(points, 'airplane', []);
    expect(events.takeoffs).toEqual([{ time: marks.roll!.end }, { time: marks['touch-and-go']!.end }]);
    expect(events.landings).toEqual([
      { time: marks['first-flare']!.end, kind: 'touch_and_go' },
      { time: marks['second-flare']!.end, kind: 'full_stop' },
    ]);
    expect(events.goArounds).toEqual([]);
  });
});
