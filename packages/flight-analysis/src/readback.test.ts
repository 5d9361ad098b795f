import type { ReadbackElement, ReadbackElementType, ReadbackFinding, Utterance } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { checkReadbacks, extractInstructionElements } from './readback.ts';

const atc = 0;
const pilot = 1;

/** An utterance at a number of seconds into the flight, three seconds long. */
const say = (seconds: number, speaker: number | null, text: string): Utterance => ({
  start: seconds * 1000,
  end: seconds * 1000 + 3000,
  speaker,
  text,
});

const exchange = (instruction: string, readback: string): ReadbackFinding[] =>
  checkReadbacks([say(0, atc, instruction), say(4, pilot, readback)]);

const heard = (type: ReadbackElementType, expected: string, value: string | null): ReadbackElement => ({ type, expected, heard: value });

describe('extractInstructionElements', () => {
  it.each<[string, ReadbackElement[]]>([
    ['November one two three alpha bravo, climb and maintain 3,000', [heard('altitude', '3000', null)]],
    ['climb and maintain 3000, 23AB', [heard('altitude', '3000', null)]],
    ['Descend to altitude two thousand five hundred feet, QNH one zero one three', [heard('altitude', '2500', null)]],
    ['Skylog 123, climb FL120', [heard('flight_level', 'FL120', null)]],
    ['turn right two seven zero', [heard('heading', '270', null)]],
    [
      'Turn left heading two seven zero, contact London Information one two four decimal seven five',
      [heard('heading', '270', null), heard('frequency', '124.75', null)],
    ],
    ['squawk four five two one, altimeter two niner niner two', [heard('squawk', '4521', null)]],
    ['hold short of runway two seven left', [heard('hold_short', '27L', null)]],
    ['hold short', [heard('hold_short', 'yes', null)]],
    ['runway 27L, cleared to land, wind 270 at 10 knots', [heard('cleared_land', '27L', null)]],
    ['Cleared for take-off', [heard('cleared_takeoff', 'yes', null)]],
    ['line up and wait runway 09R', [heard('runway', '09R', null)]],
    ['cross runway zero niner, hold short of runway two seven', [heard('runway', '09', null), heard('hold_short', '27', null)]],
    ['climb and maintain 3000, maintain 3000', [heard('altitude', '3000', null)]],
    ['climb 3000 feet, when passing 2000 turn left heading 180', [heard('altitude', '3000', null), heard('heading', '180', null)]],
    ['report passing 3000, squawk 4521', [heard('squawk', '4521', null)]],
    ['after departure climb straight ahead to 2000 feet, squawk 7000', [heard('altitude', '2000', null), heard('squawk', '7000', null)]],
    ['maintain heading 300', [heard('heading', '300', null)]],
    ['traffic twelve o clock, three miles, turn right heading 090', [heard('heading', '090', null)]],
  ])('reads %j', (text, elements) => {
    expect(extractInstructionElements(text)).toEqual(elements);
  });

  it.each([
    'Tower, 23AB, holding short runway 27, ready for departure',
    'Request climb flight level 120',
    'Traffic two o clock, five miles, flight level 120',
    'Report reaching flight level 120',
    'Expect runway 27, request level change, passing flight level 80',
    'maintain 200 knots',
    'QNH 1013, runway 27 in use',
    'roger, 23AB',
    'line up and wait',
    '',
  ])('finds no instruction in %j', (text) => {
    expect(extractInstructionElements(text)).toEqual([]);
  });
});

describe('checkReadbacks: one instruction, one reply', () => {
  it.each<[string, string, string, ReadbackFinding['status'], ReadbackElement[]]>([
    [
      'altitude spoken',
      'Skylog 23AB, climb and maintain three thousand five hundred',
      'climb and maintain three thousand five hundred, 23AB',
      'correct',
      [heard('altitude', '3500', '3500'), heard('callsign', 'Skylog 23AB', 'Skylog 23AB')],
    ],
    [
      'altitude in digits, read back spoken',
      '23AB, descend to 3,500 feet',
      'descending three thousand five hundred feet, two three alpha bravo',
      'correct',
      [heard('altitude', '3500', '3500'), heard('callsign', '23AB', '23AB')],
    ],
    [
      'altitude read back bare',
      'climb and maintain 3000',
      'three thousand, two three alpha bravo',
      'correct',
      [heard('altitude', '3000', '3000')],
    ],
    ['altitude wrong', 'climb and maintain 3500', 'climb and maintain 5500, 23AB', 'wrong', [heard('altitude', '3500', '5500')]],
    [
      'altitude wrong and bare',
      'climb and maintain three thousand five hundred',
      'five thousand five hundred, 23AB',
      'wrong',
      [heard('altitude', '3500', '5500')],
    ],
    ['flight level', 'climb flight level one two zero', 'climb FL120, 23AB', 'correct', [heard('flight_level', 'FL120', 'FL120')]],
    [
      'flight level with niner, tree, fife',
      'climb flight level tree fife zero',
      'flight level three five zero',
      'correct',
      [heard('flight_level', 'FL350', 'FL350')],
    ],
    ['flight level read back bare', 'descend flight level 80', 'eight zero, 23AB', 'correct', [heard('flight_level', 'FL080', 'FL080')]],
    [
      'flight level wrong',
      'descend flight level eight zero',
      'descend flight level niner zero',
      'wrong',
      [heard('flight_level', 'FL080', 'FL090')],
    ],
    ['heading with niner', 'turn right heading zero niner zero', 'right heading 090', 'correct', [heard('heading', '090', '090')]],
    ['heading read back bare', 'fly heading 270', 'two seven zero, 23AB', 'correct', [heard('heading', '270', '270')]],
    ['heading wrong', 'turn left heading two seven zero', 'left heading two five zero, 23AB', 'wrong', [heard('heading', '270', '250')]],
    [
      'frequency, decimal',
      'contact London Information one two four decimal seven five',
      'London Information 124.75, 23AB',
      'correct',
      [heard('frequency', '124.75', '124.75')],
    ],
    ['frequency, point', 'contact tower one one eight point three', 'tower 118.3, bye', 'correct', [heard('frequency', '118.3', '118.3')]],
    ['frequency without "decimal"', 'contact tower 118.3', 'one one eight three, 23AB', 'correct', [heard('frequency', '118.3', '118.3')]],
    [
      'frequency with the callsign run on',
      'monitor tower 121.5',
      'one two one decimal five two three alpha bravo',
      'correct',
      [heard('frequency', '121.5', '121.5')],
    ],
    [
      'frequency wrong',
      'monitor tower 121.5',
      'one two one decimal six, two three alpha bravo',
      'wrong',
      [heard('frequency', '121.5', '121.6')],
    ],
    ['squawk', 'squawk four five two one', 'squawk 4521, 23AB', 'correct', [heard('squawk', '4521', '4521')]],
    ['squawk in thousands', 'squawk seven thousand', 'squawking 7000', 'correct', [heard('squawk', '7000', '7000')]],
    ['squawk transposed', 'squawk 4521', 'four five one two, 23AB', 'wrong', [heard('squawk', '4521', '4512')]],
    ['line up', 'line up and wait runway two seven left', 'lining up runway 27L', 'correct', [heard('runway', '27L', '27L')]],
    ['cross', 'cross runway 09R', 'crossing runway zero niner right', 'correct', [heard('runway', '09R', '09R')]],
    ['hold short', 'hold short of runway two seven', 'holding short runway 27, 23AB', 'correct', [heard('hold_short', '27', '27')]],
    ['hold short of no runway', 'hold short', 'holding short, 23AB', 'correct', [heard('hold_short', 'yes', 'yes')]],
    ['hold short read back as cross', 'hold short runway 27', 'crossing runway 27, 23AB', 'wrong', [heard('hold_short', '27', 'cross 27')]],
    [
      'cleared to land, runway first',
      'runway 27L, cleared to land',
      'cleared to land runway two seven left',
      'correct',
      [heard('cleared_land', '27L', '27L')],
    ],
    [
      'cleared to land, runway bare',
      'cleared to land runway 27',
      'cleared to land two seven, 23AB',
      'correct',
      [heard('cleared_land', '27', '27')],
    ],
    [
      'cleared to land, wrong runway',
      'runway two seven left, cleared to land',
      'cleared to land runway 27R',
      'wrong',
      [heard('cleared_land', '27L', '27R')],
    ],
    [
      'cleared to land, runway left out',
      'runway 27 cleared to land',
      'cleared to land, 23AB',
      'incomplete',
      [heard('cleared_land', '27', null)],
    ],
    [
      'cleared for take-off, no runway',
      'cleared for take-off',
      'cleared for takeoff, 23AB',
      'correct',
      [heard('cleared_takeoff', 'yes', 'yes')],
    ],
    [
      'cleared for take-off, center runway',
      'runway one six center, cleared for takeoff',
      'cleared for takeoff 16C',
      'correct',
      [heard('cleared_takeoff', '16C', '16C')],
    ],
    [
      'roger to a clearance',
      'turn left heading 270, climb 3000',
      'roger',
      'incomplete',
      [heard('heading', '270', null), heard('altitude', '3000', null)],
    ],
    ['wilco to a runway clearance', 'runway 27, line up and wait', 'wilco, 23AB', 'incomplete', [heard('runway', '27', null)]],
    [
      'roger and the callsign',
      'Skylog 123, turn left heading 270',
      'roger, Skylog one two three',
      'incomplete',
      [heard('heading', '270', null), heard('callsign', 'Skylog 123', 'Skylog 123')],
    ],
    [
      'several elements, one left out',
      'turn left heading 250, climb 4000, squawk 4521',
      'left heading 250, climbing 4000, 23AB',
      'incomplete',
      [heard('heading', '250', '250'), heard('altitude', '4000', '4000'), heard('squawk', '4521', null)],
    ],
    [
      'several elements, one wrong',
      'descend 2000 feet, contact approach 119.45',
      'descend 2000, approach one one niner decimal five five',
      'wrong',
      [heard('altitude', '2000', '2000'), heard('frequency', '119.45', '119.55')],
    ],
    [
      'altimeter setting left out of the check',
      'descend altitude 3000 feet, QNH 1013',
      'descending 3000 feet, QNH 1013',
      'correct',
      [heard('altitude', '3000', '3000')],
    ],
  ])('%s', (_name, instruction, readback, status, elements) => {
    const [finding, ...others] = exchange(instruction, readback);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({ status, elements, instruction: { text: instruction }, readback: { text: readback } });
  });
});

describe('checkReadbacks: the transcript around it', () => {
  it('finds a readback missing when the pilot stays silent', () => {
    const findings = checkReadbacks([say(0, atc, '23AB, squawk 4521')]);
    expect(findings).toEqual([
      {
        status: 'missing',
        instruction: say(0, atc, '23AB, squawk 4521'),
        readback: null,
        elements: [heard('squawk', '4521', null), heard('callsign', '23AB', null)],
        addressee: '23AB',
        expected_readback: 'Squawk four five two one, 23AB',
        rule: 'squawks',
      },
    ]);
  });

  it('finds a readback missing when the next utterance comes after the gap', () => {
    const findings = checkReadbacks([say(0, atc, 'climb 3000'), say(20, pilot, 'climbing 3000')]);
    expect(findings.map((finding) => [finding.status, finding.readback])).toEqual([['missing', null]]);
  });

  it('takes the gap from the options', () => {
    const utterances = [say(0, atc, 'climb 3000'), say(20, pilot, 'climbing 3000')];
    expect(checkReadbacks(utterances, { maxGapMs: 30_000 }).map((finding) => finding.status)).toEqual(['correct']);
    expect(checkReadbacks([say(0, atc, 'climb 3000'), say(5, pilot, 'climbing 3000')], { maxGapMs: 1000 })[0]?.status).toBe('missing');
  });

  it('skips ATC speaking twice and gives both instructions the pilot’s reply', () => {
    const reply = say(12, pilot, 'climbing 3000, squawk 4521, 23AB');
    const findings = checkReadbacks([say(0, atc, '23AB, climb 3000'), say(5, atc, 'and squawk 4521'), reply]);
    expect(findings.map((finding) => [finding.status, finding.readback, finding.elements])).toEqual([
      ['correct', reply, [heard('altitude', '3000', '3000'), heard('callsign', '23AB', '23AB')]],
      ['correct', reply, [heard('squawk', '4521', '4521')]],
    ]);
  });

  it('does not take the reply for an instruction, even when it repeats one', () => {
    const findings = checkReadbacks([say(0, atc, 'climb 3000'), say(4, pilot, 'climb 3000'), say(10, atc, 'contact tower 118.3')]);
    expect(findings.map((finding) => [finding.instruction.text, finding.status])).toEqual([
      ['climb 3000', 'correct'],
      ['contact tower 118.3', 'missing'],
    ]);
  });

  it('takes any next utterance when speakers are unknown', () => {
    const findings = checkReadbacks([say(0, null, 'turn left heading 270'), say(4, null, 'left heading two seven zero')]);
    expect(findings.map((finding) => finding.status)).toEqual(['correct']);
    const mixed = checkReadbacks([say(0, atc, 'turn left heading 270'), say(4, null, 'left heading two five zero')]);
    expect(mixed.map((finding) => finding.status)).toEqual(['wrong']);
  });

  it('after "say again", waits for the readback of the repeated instruction', () => {
    const reply = say(12, pilot, 'climbing 3000, 23AB');
    const findings = checkReadbacks([say(0, atc, '23AB, climb 3000'), say(4, pilot, 'say again?'), say(8, atc, '23AB, climb 3000'), reply]);
    expect(findings.map((finding) => [finding.status, finding.readback])).toEqual([
      ['correct', reply],
      ['correct', reply],
    ]);
  });

  it('finds a readback missing when a "confirm?" is never followed by one', () => {
    const findings = checkReadbacks([say(0, atc, 'climb 3000'), say(4, pilot, 'confirm three thousand?')]);
    expect(findings).toMatchObject([{ status: 'missing', readback: null }]);
  });

  it('reads utterances in time order whatever order they come in', () => {
    const findings = checkReadbacks([say(4, pilot, 'squawk 4521'), say(0, atc, 'squawk 4521')]);
    expect(findings).toMatchObject([{ status: 'correct', instruction: { start: 0 } }]);
  });

  it('checks every instruction of a 2,000-word transcript', () => {
    const utterances = Array.from({ length: 100 }, (_, index) =>
      index % 2 === 0
        ? say(
            index * 5,
            atc,
            'Skylog two three alpha bravo, turn left heading two seven zero, climb and maintain three thousand five hundred feet, contact approach one one niner decimal four five',
          )
        : say(
            index * 5,
            pilot,
            'left heading two seven zero, climbing three thousand five hundred, approach one one niner decimal four five, two three alpha bravo',
          ),
    );
    const words = utterances.reduce((count, utterance) => count + utterance.text.split(' ').length, 0);
    expect(words).toBeGreaterThan(2000);
    // Its speed is measured by the analysis benchmark (npm run bench -- analysis), never timed here.
    const findings = checkReadbacks(utterances);
    expect(findings).toHaveLength(50);
    expect(findings.every((finding) => finding.status === 'correct')).toBe(true);
  });

  it('takes instructions only from the speakers named ATC, when the crew named them', () => {
    const callout = [
      say(0, pilot, 'heading three six zero, three thousand five hundred, rolling in'),
      say(3, atc, 'Skylog two three alpha bravo, squawk four five two one'),
    ];
    // Not knowing who is who, the callout reads as a clearance and the squawk as its (incomplete) readback.
    expect(checkReadbacks(callout).map((finding) => finding.status)).toEqual(['incomplete']);
    const findings = checkReadbacks(callout, { atcSpeakers: new Set([atc]) });
    expect(findings).toMatchObject([
      {
        status: 'missing',
        instruction: { speaker: atc },
        elements: [heard('squawk', '4521', null), heard('callsign', 'Skylog 23AB', null)],
      },
    ]);
  });
});

/**
 * The error classes met on a real tower frequency transcribed by Whisper, each as the exchange was heard:
 * who was called, and what of the clearance recognition and the checker made.
 */
describe('checkReadbacks: the readback is the called aircraft’s', () => {
  const delta2387 = 2;

  it('does not take another aircraft’s call for the readback: it stays missing until the aircraft called answers', () => {
    const instruction = say(0, atc, 'Delta 2266, runway 26R, cleared to land.');
    const other = say(4, delta2387, 'Delta 2387, inside the marker, 26R.');
    expect(checkReadbacks([instruction, other])).toMatchObject([{ status: 'missing', readback: null, addressee: 'Delta 2266' }]);

    const reply = say(9, pilot, 'Cleared to land 26R, Delta 2266.');
    expect(checkReadbacks([instruction, other, reply])).toMatchObject([{ status: 'correct', readback: reply, addressee: 'Delta 2266' }]);
  });

  it('finds a readback under a callsign like the one called wrong: callsign confusion', () => {
    const [finding] = checkReadbacks([
      say(0, atc, 'Southwest 2987, climb and maintain 5000.'),
      say(4, delta2387, 'Climb and maintain 5000, Southwest 2897.'),
    ]);
    expect(finding).toMatchObject({
      status: 'wrong',
      addressee: 'Southwest 2987',
      elements: [heard('altitude', '5000', '5000'), heard('callsign', 'Southwest 2987', 'Southwest 2897')],
      rule: 'callsign',
    });
  });

  it('finds the readback missing when ATC calls the aircraft again after others spoke', () => {
    const findings = checkReadbacks([
      say(0, atc, 'Delta 2266, climb and maintain 5000.'),
      say(4, delta2387, 'Delta 2387, level 4000.'),
      say(8, atc, 'Delta 2266, climb and maintain 5000.'),
      say(12, pilot, 'Up to 5000, Delta 2266.'),
    ]);
    expect(findings.map((finding) => [finding.status, finding.readback?.text ?? null])).toEqual([
      ['missing', null],
      ['correct', 'Up to 5000, Delta 2266.'],
    ]);
  });

  it('finds the readback missing when the aircraft calls the new station instead', () => {
    const findings = checkReadbacks([
      say(0, atc, 'Skyline one two, turn left next taxiway, contact ground one two five point zero.'),
      say(10, pilot, 'Palo Alto ground, Skyline one two, clear of three one, taxi to the Skyline ramp.'),
    ]);
    expect(findings).toMatchObject([
      { status: 'missing', readback: null, expected_readback: 'Ground one two five point zero, Skyline one two' },
    ]);
  });

  it('knows an N-number shortened as ATC and pilots shorten it (FAA AIM 4-2-4)', () => {
    const [finding] = checkReadbacks([
      say(0, atc, 'November one two three alpha bravo, climb and maintain 3000.'),
      say(4, pilot, 'Climbing 3000, three alpha bravo.'),
    ]);
    expect(finding).toMatchObject({ status: 'correct', addressee: 'N123AB' });
  });

  it('finds this crew taking a clearance meant for a callsign like theirs wrong, and leaves it out when the aircraft called answers', () => {
    const options = { atcSpeakers: new Set([atc]), ownCallsigns: ['Southwest 2987'] };
    const taken = checkReadbacks(
      [say(0, atc, 'Southwest 2897, climb and maintain 5000.'), say(4, pilot, 'Climb and maintain 5000, Southwest 2987.')],
      options,
    );
    expect(taken).toMatchObject([
      {
        status: 'wrong',
        addressee: 'Southwest 2897',
        elements: [heard('altitude', '5000', '5000'), heard('callsign', 'Southwest 2897', 'Southwest 2987')],
      },
    ]);
    const theirs = checkReadbacks(
      [say(0, atc, 'Southwest 2897, climb and maintain 5000.'), say(4, delta2387, 'Climb and maintain 5000, Southwest 2897.')],
      options,
    );
    expect(theirs).toEqual([]);
  });

  it('leaves out instructions to other aircraft when the flight’s own callsigns are known', () => {
    const utterances = [
      say(0, atc, 'Cirrus five alpha bravo, runway three one, cleared to land.'),
      say(4, atc, 'Cessna three alpha bravo, squawk 4521.'),
      say(8, pilot, 'Squawk 4521, three alpha bravo.'),
    ];
    const findings = checkReadbacks(utterances, { atcSpeakers: new Set([atc]), ownCallsigns: ['Skyline 12', 'N123AB'] });
    expect(findings).toMatchObject([
      { status: 'correct', addressee: 'N123AB', instruction: { text: 'Cessna three alpha bravo, squawk 4521.' } },
    ]);
  });

  it('ends the expected readback with the flight’s callsign when ATC did not say it', () => {
    const findings = checkReadbacks([say(0, atc, 'And squawk 4521.'), say(4, pilot, 'Roger.')], { ownCallsigns: ['Skyline 12'] });
    expect(findings).toMatchObject([
      { status: 'incomplete', addressee: 'Skyline 12', expected_readback: 'Squawk four five two one, Skyline 12' },
    ]);
  });

  it('ends a flight number said in pairs with its last pair: the digits after it are the readback', () => {
    const [finding] = exchange(
      'Delta nineteen eighty niner, descend and maintain flight level three three zero.',
      'Delta nineteen eighty nine three three zero.',
    );
    expect(finding).toMatchObject({ status: 'correct', addressee: 'Delta 1989' });
  });

  it('takes an airline’s flight number said alone at the end of a readback as its callsign', () => {
    const [finding] = exchange('Comair one ninety one, Lexington tower, cleared for takeoff.', 'Cleared for takeoff, one ninety one.');
    expect(finding).toMatchObject({
      status: 'correct',
      elements: [heard('cleared_takeoff', 'yes', 'yes'), heard('callsign', 'Comair 191', 'Comair 191')],
    });
  });

  it('takes a heavy’s flight number said in pairs after a value for its callsign, and not a value’s last digits', () => {
    const [twa] = exchange(
      'T W A eight forty two Boston center, climb and maintain flight level one niner zero.',
      'Climb to one niner zero, eight forty two heavy.',
    );
    expect(twa).toMatchObject({ status: 'correct', addressee: 'TWA 842' });
    const [skyline] = exchange('Skyline one two, squawk four five one two.', 'Squawk four five one two.');
    expect(skyline).toMatchObject({
      status: 'incomplete',
      elements: [heard('squawk', '4512', '4512'), heard('callsign', 'Skyline 12', null)],
    });
  });

  it('takes a telephony word transcribed one letter off for the airline called, not another aircraft', () => {
    const [finding] = exchange('Delta one ninety one heavy, turn left heading one eight zero.', 'Deta one niner one, roger.');
    expect(finding).toMatchObject({
      status: 'incomplete',
      readback: { start: 4000 },
      elements: [heard('heading', '180', null), heard('callsign', 'Delta 191', 'Delta 191')],
    });
  });

  it('knows who is talking from the pilot’s known callsign when the readback does not say it (a labelled corpus)', () => {
    const findings = checkReadbacks([
      say(0, atc, 'Delta 2266, climb and maintain 5000.'),
      { ...say(4, delta2387, 'Climb and maintain 5000.'), callsign: 'Delta 2387' },
      { ...say(8, pilot, 'Climb and maintain 5000.'), callsign: 'Delta 2266' },
    ]);
    // The speaker is known, but the readback did not say the callsign: left out (FAA AIM 4-4-7(b)(1)).
    expect(findings).toMatchObject([
      {
        status: 'incomplete',
        readback: { start: 8000 },
        elements: [heard('altitude', '5000', '5000'), heard('callsign', 'Delta 2266', null)],
      },
    ]);
  });
});

describe('checkReadbacks: what recognition and phrasing do to a clearance', () => {
  const check = (instruction: string, readback: string, options?: { uncertainWords?: readonly string[] }) =>
    checkReadbacks([say(0, atc, instruction), { ...say(4, pilot, readback), ...options }])[0]!;

  it.each<[string, string, string, ReadbackFinding['status'], ReadbackElement[]]>([
    [
      'a bare runway before the clearance, and a hesitation in the readback',
      'Skyline one two, follow the Cherokee, runway three one, cleared to land.',
      'Follow the Cherokee, cleared to land, uh, three one, Skyline one two.',
      'correct',
      [heard('cleared_land', '31', '31'), heard('callsign', 'Skyline 12', 'Skyline 12')],
    ],
    [
      '"clear to land" with the runway before it, both ways',
      'Delta 264, runway 26, clear to land.',
      '26, clear to land, Delta 264.',
      'correct',
      [heard('cleared_land', '26', '26'), heard('callsign', 'Delta 264', 'Delta 264')],
    ],
    [
      'traffic information does not hide the runway',
      'Delta 2266, traffic half mile final, runway 26R, cleared to land.',
      'Cleared to land 26L, Delta 2266.',
      'wrong',
      [heard('cleared_land', '26R', '26L'), heard('callsign', 'Delta 2266', 'Delta 2266')],
    ],
    [
      'a take-off clearance read back without "cleared for"',
      'Southwest 2987, runway 26L, cleared for takeoff.',
      'Takeoff runway 26L, Southwest 2987.',
      'correct',
      [heard('cleared_takeoff', '26L', '26L'), heard('callsign', 'Southwest 2987', 'Southwest 2987')],
    ],
    [
      'a frequency read back by its last digits',
      'Delta 2266, monitor tower, 125.32.',
      '2532, Delta 2266.',
      'correct',
      [heard('frequency', '125.32', '125.32'), heard('callsign', 'Delta 2266', 'Delta 2266')],
    ],
    [
      'a frequency read back by its last digits, spoken',
      'Delta 2266, monitor tower, 125.32.',
      'Two five three two, Delta 2266.',
      'correct',
      [heard('frequency', '125.32', '125.32'), heard('callsign', 'Delta 2266', 'Delta 2266')],
    ],
    [
      'a frequency given by its last digits',
      'Skyline one two, turn right next taxiway, contact ground point niner.',
      'Right next taxiway, ground point niner, Skyline one two.',
      'correct',
      [heard('frequency', '.9', '.9'), heard('callsign', 'Skyline 12', 'Skyline 12')],
    ],
    [
      'a full frequency read back as "point niner"',
      'Skyline one two, contact ground 121.9.',
      'Ground point niner, Skyline one two.',
      'correct',
      [heard('frequency', '121.9', '121.9'), heard('callsign', 'Skyline 12', 'Skyline 12')],
    ],
    [
      'a frequency read back by its last digits, with the point',
      'JetBlue 55, contact SoCal departure 125.35, good day.',
      '25.35, JetBlue 55.',
      'correct',
      [heard('frequency', '125.35', '125.35'), heard('callsign', 'Jetblue 55', 'Jetblue 55')],
    ],
    [
      'no commas: the callsign after a value is still the callsign',
      'Delta 2266 climb and maintain 5000',
      'climb and maintain 5000 Delta 2266',
      'correct',
      [heard('altitude', '5000', '5000'), heard('callsign', 'Delta 2266', 'Delta 2266')],
    ],
    [
      'last digits that are not the frequency given',
      'Delta 2266, monitor tower, 125.32.',
      'Monitoring tower 2523, Delta 2266.',
      'wrong',
      [heard('frequency', '125.32', '2523'), heard('callsign', 'Delta 2266', 'Delta 2266')],
    ],
    [
      'a readback without the callsign',
      'Skyline one two, squawk zero four five two.',
      'Zero four five two.',
      'incomplete',
      [heard('squawk', '0452', '0452'), heard('callsign', 'Skyline 12', null)],
    ],
    [
      'a pattern entry read back by its leg',
      'Skyline three five, Palo Alto tower, enter left downwind runway three one, report midfield.',
      'Left downwind three one, report midfield, Skyline three five.',
      'correct',
      [heard('runway', '31', '31'), heard('callsign', 'Skyline 35', 'Skyline 35')],
    ],
  ])('%s', (_name, instruction, readback, status, elements) => {
    expect(check(instruction, readback)).toMatchObject({ status, elements });
  });

  it.each([
    ['a facility’s name misheard as "line up tower" is no line-up clearance', 'Southwest 2987, line up tower, runway 26L.'],
    ['a runway inside a misheard procedure name is no runway', 'Delta 2266, cleared RNA 26R approach.'],
  ])('%s', (_name, text) => {
    expect(extractInstructionElements(text)).toEqual([]);
  });

  it('lowers a fault to unclear when it rests on a word recognition was unsure of', () => {
    const instruction = 'Delta 2266, climb and maintain 5000.';
    expect(check(instruction, 'Climb and maintain 4000, Delta 2266.').status).toBe('wrong');
    expect(check(instruction, 'Climb and maintain 4000, Delta 2266.', { uncertainWords: ['4000'] }).status).toBe('unclear');
    // A word recognition was unsure of changes nothing in a readback that is right.
    expect(check(instruction, 'Climb and maintain 5000, Delta 2266.', { uncertainWords: ['5000'] }).status).toBe('correct');
    const unsureInstruction = checkReadbacks([
      { ...say(0, atc, instruction), uncertainWords: ['5000'] },
      say(4, pilot, 'Roger, Delta 2266.'),
    ]);
    expect(unsureInstruction[0]!.status).toBe('unclear');
    // An unsure word of the callsign says nothing about a value read back wrong, only about the callsign.
    expect(check(instruction, 'Climb and maintain 4000, Delta 2266.', { uncertainWords: ['Delta'] }).status).toBe('wrong');
    expect(check(instruction, 'Climb and maintain 5000, Delta 2626.', { uncertainWords: ['2626'] }).status).toBe('unclear');
  });

  it('lowers a fault to unclear when the facility’s name was plainly misheard', () => {
    const finding = check('Delta 2266, monitor line up tower, 125.32.', 'One two five point two three, Delta 2266.');
    expect(finding).toMatchObject({
      status: 'unclear',
      elements: [heard('frequency', '125.32', '125.23'), heard('callsign', 'Delta 2266', 'Delta 2266')],
    });
  });
});

describe('checkReadbacks: the readback that should have been said, and its rule', () => {
  it.each<[string, string, string, string]>([
    [
      'Skyline one two, runway three one, cleared to land.',
      'Cleared to land, Skyline one two.',
      'Cleared to land runway three one, Skyline one two',
      'runway_clearances',
    ],
    [
      'November one two three alpha bravo, turn left heading two seven zero, climb and maintain four thousand five hundred.',
      'Left two seven zero, November one two three alpha bravo.',
      'Turn left heading two seven zero, climb and maintain four thousand five hundred, November one two three alpha bravo',
      'levels',
    ],
    [
      'Skyline two one, hold short runway two eight left.',
      'Roger, Skyline two one.',
      'Hold short runway two eight left, Skyline two one',
      'hold_short',
    ],
    [
      'Delta 2266, contact NorCal approach 120.1.',
      'Approach, Delta 2266.',
      'NorCal approach one two zero point one, Delta 2266',
      'frequencies',
    ],
    [
      'Delta 2266, descend flight level one two zero.',
      'Flight level one one zero, Delta 2266.',
      'Descend flight level one two zero, Delta 2266',
      'levels',
    ],
  ])('%s', (instruction, readback, expected, rule) => {
    const [finding] = checkReadbacks([say(0, atc, instruction), say(4, pilot, readback)]);
    expect(finding).toMatchObject({ expected_readback: expected, rule });
  });
});
