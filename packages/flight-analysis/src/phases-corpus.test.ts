import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseTrackFile } from '@skylog/track-formats';
import { trackCorpusDir } from './corpus-accuracy/track-accuracy.ts';
import { detectPhases } from './phases.ts';

/**
 * What a glider's real flights must never show, whatever the figures of the accuracy bench (its regression
 * floors over every labelled flight are in apps/server/src/modules/analysis/corpus-accuracy.test.ts).
 */
const gliderFlights = [
  'turbo87-igc-parser/1G_77fv6m71.igc.gz',
  'turbo87-igc-parser/2016-11-08-xcs-aaa-02.igc.gz',
  'turbo87-igc-parser/654G6NG1.IGC.gz',
  'turbo87-igc-parser/MD_85ugkjj1.IGC.gz',
  'xcsoar/apf-bug554.igc.gz',
  'xiadz-igc-lib/new_zealand.igc.gz',
  'xiadz-igc-lib/olsztyn.igc.gz',
];

const pointsOf = (file: string) => parseTrackFile(file.replace(/\.gz$/i, ''), gunzipSync(readFileSync(trackCorpusDir + file))).points;

describe('detectPhases on real glider flights', () => {
  it.each(gliderFlights)('%s: one launch and one landing, with no take-off roll or landing between them', (file) => {
    const result = detectPhases(pointsOf(file), { category: 'glider' });
    const ground = result.phases
      .map((segment) => segment.phase)
      .filter((phase) => ['takeoff_roll', 'landing', 'touch_and_go'].includes(phase));
    // A winch launch rolls for two or three seconds: a logger writing every 2 s may have no fix on it.
    expect(ground.filter((phase) => phase !== 'takeoff_roll')).toEqual(['landing']);
    expect(ground.lastIndexOf('takeoff_roll')).toBeLessThanOrEqual(0);
    expect(result.takeoffs).toHaveLength(1);
  });

  it('would find mid-flight landings in a glider’s wave climb by airplane rules: the category matters', () => {
    const points = pointsOf('turbo87-igc-parser/2016-11-08-xcs-aaa-02.igc.gz');
    expect(detectPhases(points, { category: 'airplane' }).landings.length).toBeGreaterThan(1);
    expect(detectPhases(points, { category: 'glider' }).landings).toHaveLength(1);
  });
});
