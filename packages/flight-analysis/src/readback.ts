import {
  readbackRuleOf,
  type ReadbackElement,
  type ReadbackElementType,
  type ReadbackFinding,
  type ReadbackStatus,
  type Utterance,
} from '@skylog/contracts';
import {
  decimalMarkers,
  isNumberToken,
  normaliseValue,
  readNumber,
  readRunway,
  readValue,
  sayValue,
  tokenize,
  type NumberKind,
} from './aviation-numbers.ts';
import {
  compareCallsigns,
  endsWithFlightNumber,
  findCallsigns,
  formatCallsign,
  isPhoneticLetter,
  isStationType,
  parseCallsign,
  stationCallEnd,
  type Callsign,
  type HeardCallsign,
} from './callsign.ts';

/**
 * Readback check over a transcript: each ATC instruction (an utterance that instructs at least one element),
 * the aircraft it called, that aircraft's reply, and per element (the callsign one of them) whether the reply
 * said the same value; then what a correct readback would have been and the rule it rests on. Deterministic
 * and keyword-driven: an instruction needs its keyword ("climb", "heading", "contact", "squawk", "hold short",
 * "cleared to land"…); a readback may also give a value bare ("three thousand five hundred, two three alpha bravo").
 */

export type ReadbackOptions = {
  /** How long after the instruction (or the last transmission of its speaker) a readback may start. */
  maxGapMs?: number;
  /**
   * The speakers named ATC on the flight: when known, only they give instructions, so a student's own
   * callout ("heading three six zero, three thousand five hundred") is not taken for a clearance.
   */
  atcSpeakers?: ReadonlySet<number>;
  /**
   * The flight's own aircraft as the fleet writes it ("N4521K", "Skyline 21"). When given, instructions ATC
   * gives other aircraft on the frequency are not findings about this crew.
   */
  ownCallsigns?: readonly string[];
};

/**
 * An utterance as the check reads it. callsign: who is talking, when known otherwise (a labelled corpus);
 * uncertainWords: words recognition was unsure of (below its confidence floor), which turn a fault into "unclear".
 */
export type RadioUtterance = Utterance & { callsign?: string | null; uncertainWords?: readonly string[] };

const defaultMaxGapMs = 15_000;

type Mode = 'instruction' | 'readback';
type RunwayActionType = 'hold_short' | 'cleared_takeoff' | 'cleared_land' | 'runway';

/**
 * An element as found in an utterance: value normalised, tokens [start, end) it spans, for runway actions the
 * action said, and whether recognition plainly garbled it (a facility's name made of instruction words).
 */
type Found = { type: ReadbackElementType; value: string; start: number; end: number; action?: string; isGarbled?: boolean };

type Parsed = {
  tokens: string[];
  found: Found[];
  /** Numbers outside any element and any callsign: a wind, a value said without its keyword. */
  leftovers: Leftover[];
  callsigns: HeardCallsign[];
  /** An instruction's words where a station's name belongs ("line up tower"): recognition misheard a name. */
  isGarbled: boolean;
};

type Leftover = { digits: string; start: number; end: number };

type ActionKeyword = { words: readonly string[]; type: RunwayActionType; action: string; isReadbackOnly: boolean };

const keyword = (words: string[], type: RunwayActionType, action: string, isReadbackOnly = false): ActionKeyword => ({
  words,
  type,
  action,
  isReadbackOnly,
});
const cleared = (middles: string[][], ends: string[][], type: RunwayActionType, action: string): ActionKeyword[] =>
  ['cleared', 'clear'].flatMap((word) => middles.flatMap((middle) => ends.map((end) => keyword([word, ...middle, ...end], type, action))));

// Longest first, so "cleared to land" is not taken for a plain "cleared".
const actionKeywords = [
  ...cleared([[], ['for'], ['to'], ['for', 'immediate']], [['takeoff'], ['take', 'off']], 'cleared_takeoff', 'take-off'),
  ...cleared([[], ['to']], [['land']], 'cleared_land', 'land'),
  keyword(['hold', 'short'], 'hold_short', 'hold short'),
  // A pilot reporting "holding short" is not instructing; said after an instruction it reads it back.
  keyword(['holding', 'short'], 'hold_short', 'hold short', true),
  keyword(['line', 'up'], 'runway', 'line up'),
  keyword(['lining', 'up'], 'runway', 'line up', true),
  keyword(['enter'], 'runway', 'enter'),
  keyword(['entering'], 'runway', 'enter', true),
  keyword(['cross'], 'runway', 'cross'),
  keyword(['crossing'], 'runway', 'cross', true),
  keyword(['cleared'], 'runway', 'cleared'),
  // Read back without "cleared for": "takeoff runway 26L, Delta 123".
  keyword(['takeoff'], 'cleared_takeoff', 'take-off', true),
  keyword(['take', 'off'], 'cleared_takeoff', 'take-off', true),
  // A pattern entry read back by its leg: "left downwind three one".
  ...['downwind', 'base', 'final'].map((leg) => keyword([leg], 'runway', 'enter', true)),
].sort((a, b) => b.words.length - a.words.length);

const actionKeywordsByFirstWord = new Map(
  actionKeywords.map(({ words: [first] }) => [first!, actionKeywords.filter(({ words }) => words[0] === first)]),
);

/** Every first word of an action: said in a station's name ("contact line up tower"), recognition misheard the name. */
const actionWords = new Set([...actionKeywordsByFirstWord.keys(), 'up', 'short']);
/** "cleared touch and go", "enter left downwind": the words that finish these actions, for the readback a pilot should say. */
const actionEndings: readonly { after: string; words: readonly string[] }[] = [
  ...[
    ['touch', 'and', 'go'],
    ['stop', 'and', 'go'],
    ['low', 'approach'],
    ['for', 'the', 'option'],
    ['for', 'option'],
  ].map((words) => ({ after: 'cleared', words })),
  ...['left', 'right', ''].flatMap((side) =>
    ['downwind', 'base', 'final', 'traffic'].map((leg) => ({ after: 'enter', words: side ? [side, leg] : [leg] })),
  ),
];
/** A designator with its side ("26R") stands for a runway only after these; after any other word it is part of a name ("RNAV 26R"). */
const designatorLeads = new Set([
  ',',
  'and',
  'for',
  'to',
  'of',
  'on',
  'the',
  'land',
  'takeoff',
  'off',
  'short',
  'wait',
  'up',
  'cross',
  'crossing',
  'enter',
  'entering',
  'downwind',
  'base',
  'final',
  'go',
  'cleared',
  'clear',
]);

/** Read back instead of "hold short", these put the aircraft on the runway: heard as "cross 27", a wrong readback. */
const enteringActions = new Set(['line up', 'enter', 'cross', 'take-off']);

const verbs = (words: string[], readbackWords: string[]): Record<Mode, Set<string>> => ({
  instruction: new Set(words),
  readback: new Set([...words, ...readbackWords]),
});
const altitudeVerbs = verbs(['climb', 'descend', 'maintain', 'altitude'], ['climbing', 'descending', 'maintaining']);
const frequencyVerbs = verbs(['contact', 'monitor', 'frequency'], ['contacting', 'monitoring']);
const squawkVerbs = verbs(['squawk'], ['squawking']);
// Words a clearance puts between the verb and the altitude ("climb straight ahead to 2000 feet", "descend when ready to 3000").
const altitudeFillers = new Set([
  'and',
  'maintain',
  'to',
  'altitude',
  'now',
  'then',
  'immediately',
  'initially',
  'straight',
  'ahead',
  'when',
  'ready',
  'via',
  'the',
  'sid',
]);
const runwayFillers = new Set(['for', 'to', 'of', 'and', 'wait', 'the', ',']);
const feetWords = new Set(['feet', 'foot', 'ft']);
/** A number followed by these is a speed, a distance or a clock position, never an element. */
const otherUnits = new Set(['knots', 'knot', 'kt', 'kts', 'miles', 'mile', 'nm', 'mach', 'percent', 'minutes', 'seconds', 'o', 'clock']);
/** Values said after these are not read back (the altimeter setting and the wind are left out of the check). */
const ignoredContexts: readonly (readonly string[])[] = [['qnh'], ['q', 'n', 'h'], ['qfe'], ['altimeter'], ['wind']];
/** In an instruction, a clause from one of these on is a request or an expectation, not an instruction. */
const clauseBlockers = new Set(['request', 'requesting', 'expect', 'expecting']);
/**
 * Traffic information and reports run over clauses ("traffic, two o'clock, five miles, flight level one two zero",
 * "report passing 3000") until an instruction verb follows ("when passing 2000, turn left heading 180").
 */
const reportBlockers = new Set(['traffic', 'passing', 'leaving', 'reaching']);
const instructionVerbs = new Set([
  'climb',
  'descend',
  'maintain',
  'turn',
  'fly',
  'contact',
  'monitor',
  'squawk',
  'hold',
  'cleared',
  'clear',
  'line',
  'enter',
  'cross',
]);
const runwayWords = new Set(['runway', 'rwy']);
const queryPhrases: readonly (readonly string[])[] = [['say', 'again'], ['repeat'], ['confirm'], ['verify'], ['?']];

/** Said without their keyword ("one two one decimal five" alone), the kinds a readback may give and the widths they have. */
const bareShapes: Record<NumberKind, { maxDigits: number; widths: readonly number[] | null }> = {
  frequency: { maxDigits: 6, widths: null },
  squawk: { maxDigits: 4, widths: [4] },
  flight_level: { maxDigits: 3, widths: [2, 3] },
  altitude: { maxDigits: Infinity, widths: null },
  heading: { maxDigits: 3, widths: [3] },
};
const isNumberKind = (type: ReadbackElementType): type is NumberKind => type in bareShapes;
const isClearance = (type: ReadbackElementType): boolean => type === 'hold_short' || type === 'cleared_takeoff' || type === 'cleared_land';

const startsWith = (tokens: readonly string[], index: number, words: readonly string[]): boolean =>
  words.every((word, offset) => tokens[index + offset] === word);

const readAltitude = (tokens: string[], index: number, mode: Mode): Found | undefined => {
  if (!altitudeVerbs[mode].has(tokens[index]!)) return undefined;
  let start = index + 1;
  while (start < index + 6 && altitudeFillers.has(tokens[start] ?? '')) start += 1;
  const reading = readValue(tokens, start, 'altitude');
  if (!reading || otherUnits.has(tokens[reading.end] ?? '')) return undefined;
  const end = feetWords.has(tokens[reading.end] ?? '') ? reading.end + 1 : reading.end;
  return { type: 'altitude', value: reading.value, start: index, end };
};

const readFlightLevel = (tokens: string[], index: number): Found | undefined => {
  const start = startsWith(tokens, index, ['flight', 'level']) ? index + 2 : tokens[index] === 'fl' ? index + 1 : undefined;
  const reading = start === undefined ? undefined : readValue(tokens, start, 'flight_level');
  return reading && { type: 'flight_level', value: reading.value, start: index, end: reading.end };
};

const readHeading = (tokens: string[], index: number): Found | undefined => {
  const isTurn =
    tokens[index] === 'turn' && (tokens[index + 1] === 'left' || tokens[index + 1] === 'right') && isNumberToken(tokens[index + 2]);
  const start = tokens[index] === 'heading' ? index + 1 : isTurn ? index + 2 : undefined;
  const reading = start === undefined ? undefined : readValue(tokens, start, 'heading');
  return reading && !otherUnits.has(tokens[reading.end] ?? '')
    ? { type: 'heading', value: reading.value, start: index, end: reading.end }
    : undefined;
};

/** "point niner": the last digits of a frequency, as tower gives ground's ("contact ground point niner"). */
const readFraction = (tokens: string[], start: number): { value: string; end: number } | undefined => {
  const reading = readNumber(tokens, start + 1, 3);
  return reading && /^\d+$/.test(reading.digits) ? { value: `.${reading.digits}`, end: reading.end } : undefined;
};

/** "monitor tower, 2532": a frequency read back by its last digits, kept as said to compare with the one given. */
const readAbbreviatedFrequency = (tokens: string[], start: number): { value: string; end: number } | undefined => {
  const reading = readNumber(tokens, start, 4);
  return reading && /^\d{2,4}$/.test(reading.digits) ? { value: reading.digits, end: reading.end } : undefined;
};

/**
 * A frequency as heard against the one given: the same when said in full or by its last digits ("two five
 * three two" for 125.32, "point niner" for 121.9), otherwise as said.
 */
const hearFrequency = (expected: string, said: string): string => {
  if (said === expected) return expected;
  const fraction = (value: string) => value.split('.')[1] ?? '';
  if (said.startsWith('.') || expected.startsWith('.')) return fraction(said) === fraction(expected) ? expected : said;
  const expectedDigits = expected.replace('.', '');
  // "25.35" for 125.35 keeps its point; "2535" does not.
  const isTail = said.includes('.')
    ? said.length < expected.length && expected.endsWith(said)
    : said.length >= 2 && said.length < expectedDigits.length && expectedDigits.endsWith(said);
  return isTail ? expected : said;
};

/** "contact London Information one two four decimal seven": the facility's name sits between the verb and the number. */
const readFrequency = (tokens: string[], index: number, mode: Mode): Found | undefined => {
  if (!frequencyVerbs[mode].has(tokens[index]!)) return undefined;
  for (let start = index + 1; start <= index + 6 && start < tokens.length; start += 1) {
    const isFraction = decimalMarkers.has(tokens[start]!) && isNumberToken(tokens[start + 1]);
    if (!isNumberToken(tokens[start]) && !isFraction) continue;
    const reading = isFraction
      ? readFraction(tokens, start)
      : (readValue(tokens, start, 'frequency') ?? (mode === 'readback' ? readAbbreviatedFrequency(tokens, start) : undefined));
    const isGarbled = tokens.slice(index + 1, start).some((word) => actionWords.has(word));
    return reading && { type: 'frequency', value: reading.value, start: index, end: reading.end, isGarbled };
  }
  return undefined;
};

const readSquawk = (tokens: string[], index: number, mode: Mode): Found | undefined => {
  if (!squawkVerbs[mode].has(tokens[index]!)) return undefined;
  const reading = readValue(tokens, tokens[index + 1] === 'code' ? index + 2 : index + 1, 'squawk');
  return reading && { type: 'squawk', value: reading.value, start: index, end: reading.end };
};

/** Token indexes inside a request, an expectation, a report or traffic information in an instruction. */
const findBlockedTokens = (tokens: string[]): boolean[] => {
  let blockedUntil: 'clause end' | 'instruction' | undefined;
  return tokens.map((token, index) => {
    // Traffic information ends where a clause names the runway: "traffic half mile final, runway 26R, cleared to land".
    const isRunwayClause = runwayWords.has(token) && (index === 0 || tokens[index - 1] === ',');
    if (reportBlockers.has(token)) blockedUntil = 'instruction';
    else if (isRunwayClause && blockedUntil === 'instruction') blockedUntil = undefined;
    else if (clauseBlockers.has(token) && !blockedUntil) blockedUntil = 'clause end';
    else if ((token === ',' || token === '?') && blockedUntil === 'clause end') blockedUntil = undefined;
    else if (instructionVerbs.has(token) && blockedUntil === 'instruction') blockedUntil = undefined;
    return blockedUntil !== undefined;
  });
};

/** Next to a number a phonetic letter makes it part of a callsign ("two three alpha bravo", "november one two three"). */
const isCallsignDigits = (tokens: string[], start: number, end: number): boolean =>
  isPhoneticLetter(tokens[end]) || isPhoneticLetter(tokens[start - 1]);

/** A runway said without "runway" ("cleared to land two seven"): a whole number of one or two digits, not a callsign's. */
const readBareRunway = (tokens: string[], start: number): { value: string; start: number; end: number } | undefined => {
  const whole = readNumber(tokens, start);
  const runway = readRunway(tokens, start);
  if (!whole || !runway || whole.digits.length > 2 || isCallsignDigits(tokens, start, runway.end)) return undefined;
  return { ...runway, start };
};

type Mention = { value: string; start: number; end: number };
type Action = ActionKeyword & { start: number; end: number; runway?: Mention };

/** "26, clear to land": a bare runway said as its own clause just before the action. */
const readClauseRunway = (tokens: string[], action: Action): Mention | undefined => {
  const end = tokens[action.start - 1] === ',' ? action.start - 1 : action.start;
  let start = end - 1;
  while (start > 0 && isNumberToken(tokens[start - 1])) start -= 1;
  if (start < 0 || (start > 0 && tokens[start - 1] !== ',')) return undefined;
  const runway = readBareRunway(tokens, start);
  return runway && runway.end === end ? runway : undefined;
};

/**
 * Gives each runway action ("hold short", "cleared to land", "cross") its runway: the first one after it
 * ("cleared to land runway two seven", "hold short of two seven") or, failing that, the nearest one before it
 * with no other action between ("runway two seven, cleared to land", "runway 26, wind 270 at 10, clear to land",
 * "26, clear to land").
 */
const attachRunways = (tokens: string[], actions: Action[], mentions: Mention[]): void => {
  const window = 8;
  // Before the action the wind or a sequence may sit between ("runway 27, wind 270 at 10, cleared to land").
  const windowBefore = 12;
  const claimed = new Set<Mention>();
  const mentionAt = new Map(mentions.map((mention) => [mention.start, mention]));
  const actionStarts = new Set(actions.map((action) => action.start));
  for (const action of actions) {
    let isAdjacent = true;
    for (let index = action.end; index < Math.min(tokens.length, action.end + window); index += 1) {
      const mention = mentionAt.get(index);
      if (mention) {
        if (!claimed.has(mention)) action.runway = mention;
        break;
      }
      if (actionStarts.has(index)) break;
      if (runwayFillers.has(tokens[index]!)) continue;
      if (isAdjacent && isNumberToken(tokens[index])) {
        action.runway = readBareRunway(tokens, index);
        break;
      }
      isAdjacent = false;
    }
    if (action.runway) claimed.add(action.runway);
  }
  for (const action of actions) {
    if (action.runway) continue;
    const before = mentions
      .filter((mention) => !claimed.has(mention) && mention.end <= action.start && action.start - mention.end <= windowBefore)
      .filter((mention) => !actions.some((other) => other.start >= mention.end && other.start < action.start))
      .at(-1);
    const clause = before ?? readClauseRunway(tokens, action);
    if (clause) {
      action.runway = clause;
      claimed.add(clause);
    }
  }
};

/** The elements an utterance says, and the numbers it says outside them. */
const parse = (text: string, mode: Mode): Parsed => {
  const tokens = tokenize(text);
  const blocked = mode === 'instruction' ? findBlockedTokens(tokens) : tokens.map(() => false);
  const covered = tokens.map(() => false);
  const cover = (start: number, end: number) => covered.fill(true, start, end);
  const found: Found[] = [];
  const actions: Action[] = [];
  const mentions: Mention[] = [];
  let isGarbled = false;
  let index = 0;
  while (index < tokens.length) {
    const ignored = ignoredContexts.find((words) => startsWith(tokens, index, words));
    if (ignored) {
      const end = readNumber(tokens, index + ignored.length)?.end ?? index + ignored.length;
      cover(index, end);
      index = end;
      continue;
    }
    if (blocked[index]) {
      index += 1;
      continue;
    }
    const element =
      readFlightLevel(tokens, index) ??
      readHeading(tokens, index) ??
      readAltitude(tokens, index, mode) ??
      readFrequency(tokens, index, mode) ??
      readSquawk(tokens, index, mode);
    if (element) {
      found.push(element);
      cover(element.start, element.end);
      index = element.end;
      continue;
    }
    const keyword = actionKeywordsByFirstWord
      .get(tokens[index]!)
      ?.find((candidate) => (mode === 'readback' || !candidate.isReadbackOnly) && startsWith(tokens, index, candidate.words));
    const keywordEnd = index + (keyword?.words.length ?? 0);
    // "line up tower": an action's words before a station's type are its name misheard, not an instruction.
    const isStationName = isStationType(tokens[keywordEnd]);
    // "ready for takeoff", "number one for takeoff": a report, not a clearance read back.
    const isReport = keyword?.isReadbackOnly === true && keyword.type === 'cleared_takeoff' && tokens[index - 1] === 'for';
    if (keyword && isStationName) isGarbled = true;
    if (keyword && !isStationName && !isReport) {
      const ending = actionEndings.find(({ after, words }) => after === keyword.words[0] && startsWith(tokens, keywordEnd, words));
      const end = keywordEnd + (ending?.words.length ?? 0);
      const action = ending ? `${keyword.action} ${ending.words.join(' ')}` : keyword.action;
      actions.push({ ...keyword, action, start: index, end });
      index = end;
      continue;
    }
    // "runway two seven", or a designator that names its side ("two seven left", "27L") where a runway is said.
    const afterRunwayWord = runwayWords.has(tokens[index]!) ? readRunway(tokens, index + 1) : undefined;
    const lead = tokens[index - 1];
    const withSide =
      !afterRunwayWord && (isNumberToken(tokens[index]) || /^\d/.test(tokens[index]!)) && (lead === undefined || designatorLeads.has(lead))
        ? readRunway(tokens, index)
        : undefined;
    const mention = afterRunwayWord ?? (withSide && /[LRC]$/.test(withSide.value) ? withSide : undefined);
    if (mention) {
      mentions.push({ value: mention.value, start: index, end: mention.end });
      cover(index, mention.end);
      index = mention.end;
      continue;
    }
    index += 1;
  }
  attachRunways(tokens, actions, mentions);
  for (const action of actions) {
    const { runway } = action;
    if (runway) cover(runway.start, runway.end);
    // A line-up, entry or crossing needs its runway to be an element; a clearance is one with or without.
    if (!runway && action.type === 'runway') continue;
    const start = Math.min(action.start, runway?.start ?? action.start);
    const end = Math.max(action.end, runway?.end ?? action.end);
    found.push({ type: action.type, value: runway?.value ?? 'yes', start, end, action: action.action });
  }
  found.sort((a, b) => a.start - b.start);
  // Callsigns are found where no element is, and their digits are then no value said bare.
  const callsigns = findCallsigns(tokens, covered);
  for (const callsign of callsigns) cover(callsign.start, callsign.end);
  return { tokens, found, leftovers: findLeftovers(tokens, covered), callsigns, isGarbled };
};

const findLeftovers = (tokens: string[], covered: boolean[]): Leftover[] => {
  const leftovers: Leftover[] = [];
  let index = 0;
  while (index < tokens.length) {
    const reading = covered[index] ? undefined : readNumber(tokens, index);
    if (!reading) {
      index += 1;
      continue;
    }
    if (!otherUnits.has(tokens[reading.end] ?? '')) leftovers.push({ ...reading, start: index });
    index = reading.end;
  }
  return leftovers;
};

const dedupe = (found: Found[]): Found[] =>
  found.filter((element, index) => found.findIndex((other) => other.type === element.type && other.value === element.value) === index);

/** The elements an utterance instructs; empty when it is not an ATC instruction. heard is null: nothing is read back yet. */
export function extractInstructionElements(text: string): ReadbackElement[] {
  return dedupe(parse(text, 'instruction').found).map((element) => ({ type: element.type, expected: element.value, heard: null }));
}

/** The element of the readback for an instructed one said with its keyword ("heading two five zero"): same value first. */
const hearWithKeyword = (element: Found, readback: Parsed, claimed: Set<Found>): string | null => {
  const hear = (other: Found) => (element.type === 'frequency' ? hearFrequency(element.value, other.value) : other.value);
  const candidates = readback.found.filter((other) => other.type === element.type && !claimed.has(other));
  const match = candidates.find((other) => hear(other) === element.value || element.value === 'yes') ?? candidates[0];
  if (!match) return null;
  claimed.add(match);
  if (!isClearance(element.type)) return hear(match);
  // A clearance read back is heard as given when no runway was given; a runway given and not read back is left out.
  if (element.value === 'yes') return 'yes';
  return match.value === 'yes' ? null : match.value;
};

/** A value read back without its keyword ("three thousand five hundred, two three alpha bravo"). */
const readBare = (tokens: string[], leftover: Leftover, kind: NumberKind, expected: string): { value: string; end: number } | undefined => {
  const shape = bareShapes[kind];
  // A frequency is read as long as the instructed one, so callsign digits said straight after it stay out.
  const maxDigits = kind === 'frequency' ? expected.replace('.', '').length : shape.maxDigits;
  const reading = readNumber(tokens, leftover.start, maxDigits);
  if (reading && kind === 'frequency' && normaliseValue(kind, reading.digits) === undefined) {
    // Its last digits alone ("two five three two", "point niner") count only when they are the given ones.
    const said = decimalMarkers.has(tokens[leftover.start - 1] ?? '') ? `.${reading.digits}` : reading.digits;
    const heard = hearFrequency(expected, said);
    return heard === expected || said.startsWith('.') ? { value: heard, end: reading.end } : undefined;
  }
  if (!reading || (shape.widths && !shape.widths.includes(reading.digits.length))) return undefined;
  const value = normaliseValue(kind, reading.digits);
  return value === undefined ? undefined : { value, end: reading.end };
};

const compare = (instructed: Found[], instruction: Parsed, readback: Parsed): ReadbackElement[] => {
  const claimed = new Set<Found>();
  const heard = instructed.map((element) => hearWithKeyword(element, readback, claimed));
  const usedLeftovers = new Set<Leftover>();
  // The instruction's own leftover numbers (its callsign) said again are not a value read back wrong.
  const echoes = new Set(instruction.leftovers.map((leftover) => leftover.digits));
  // Same values first, so one said right is never taken for another element said wrong.
  for (const isExact of [true, false]) {
    instructed.forEach((element, index) => {
      if (heard[index] !== null || !isNumberKind(element.type)) return;
      for (const leftover of readback.leftovers) {
        if (usedLeftovers.has(leftover)) continue;
        const bare = readBare(readback.tokens, leftover, element.type, element.value);
        if (!bare) continue;
        const isHeard = isExact
          ? bare.value === element.value
          : !echoes.has(leftover.digits) && !isCallsignDigits(readback.tokens, leftover.start, bare.end);
        if (isHeard) {
          heard[index] = bare.value;
          usedLeftovers.add(leftover);
          return;
        }
      }
    });
  }
  return instructed.map((element, index) => {
    const entering = heard[index] === null ? findEntering(element, readback) : undefined;
    return {
      type: element.type,
      expected: element.value,
      heard: entering ? `${entering.action}${entering.value === 'yes' ? '' : ` ${entering.value}`}` : (heard[index] ?? null),
    };
  });
};

/** "Hold short runway two seven" read back as "crossing two seven" (or lining up, entering, taking off there). */
const findEntering = (element: Found, readback: Parsed): Found | undefined =>
  element.type === 'hold_short'
    ? readback.found.find(
        (other) =>
          enteringActions.has(other.action ?? '') && (element.value === 'yes' || other.value === 'yes' || other.value === element.value),
      )
    : undefined;

const getStatus = (hasReply: boolean, elements: ReadbackElement[], isUncertain: boolean): ReadbackStatus => {
  const status = !hasReply
    ? 'missing'
    : elements.some((element) => element.heard !== null && element.heard !== element.expected)
      ? 'wrong'
      : elements.some((element) => element.heard === null)
        ? 'incomplete'
        : 'correct';
  // A fault that rests on a word recognition was unsure of is not put on the pilot.
  return status !== 'correct' && isUncertain ? 'unclear' : status;
};

const isQuery = (tokens: string[]): boolean => tokens.some((_, index) => queryPhrases.some((words) => startsWith(tokens, index, words)));

const unsureTokens = (utterance: RadioUtterance): Set<string> => new Set(tokenize((utterance.uncertainWords ?? []).join(' ')));

/** An instruction whose elements hold a word recognition was unsure of, or a station's name it plainly misheard. */
const isInstructionUncertain = (utterance: RadioUtterance, parsed: Parsed, instructed: Found[]): boolean => {
  const unsure = unsureTokens(utterance);
  return (
    parsed.isGarbled ||
    instructed.some(
      (element) => element.isGarbled === true || parsed.tokens.slice(element.start, element.end).some((token) => unsure.has(token)),
    )
  );
};

/** The callsign ATC called: said first (after a station's name, when one opens the call) or last. */
const addresseeOf = (parsed: Parsed): HeardCallsign | undefined => {
  const opening = stationCallEnd(parsed.tokens);
  const closing = parsed.tokens.length - (parsed.tokens.at(-1) === ',' ? 1 : 0);
  return parsed.callsigns.find((callsign) => callsign.start === 0 || callsign.start === opening || callsign.end === closing);
};

/**
 * The callsign a transmission says for its sender: the one called, when said anywhere (a checklist said after
 * it may hold words that read like one, "flaps ten"), else one like it, else the callsign after the station a
 * call opens with, else the last one said.
 */
const saidCallsignOf = (parsed: Parsed, called: Callsign | undefined): HeardCallsign | undefined => {
  const opening = stationCallEnd(parsed.tokens);
  return (
    (called && parsed.callsigns.find((callsign) => compareCallsigns(called, callsign) === 'same')) ??
    (called && parsed.callsigns.find((callsign) => compareCallsigns(called, callsign) === 'similar')) ??
    (opening > 0 ? parsed.callsigns.find((callsign) => callsign.start === opening) : undefined) ??
    parsed.callsigns.at(-1)
  );
};

/** "Palo Alto ground, Skyline one two, clear of three one": a new call to a station, not a readback. */
const isNewCall = (parsed: Parsed): boolean => {
  const opening = stationCallEnd(parsed.tokens);
  return opening > 0 && parsed.callsigns.some((callsign) => callsign.start === opening);
};

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
/** A token as the transcript wrote it ("NorCal", "23AB"), for a readback to read like the instruction. */
const asWritten = (token: string, text: string): string =>
  text.split(/[^A-Za-z0-9]+/).find((word) => word.toLowerCase() === token) ?? (/\d/.test(token) ? token.toUpperCase() : token);
const sayRunway = (value: string): string => (value === 'yes' ? '' : ` runway ${sayValue('runway', value)}`);
/** "climb and maintain", "descend", "maintain": the verb the instruction used for a level. */
const levelVerbs = new Set(['climb', 'descend', 'maintain']);
const levelVerb = (tokens: string[], start: number): string => {
  if (levelVerbs.has(tokens[start]!)) {
    return tokens[start + 1] === 'and' && tokens[start + 2] === 'maintain' ? `${tokens[start]!} and maintain ` : `${tokens[start]!} `;
  }
  // Before "flight level" the verb precedes the element: "climb and maintain flight level one two zero".
  if (tokens[start - 2] === 'and' && tokens[start - 1] === 'maintain' && levelVerbs.has(tokens[start - 3] ?? ''))
    return `${tokens[start - 3]!} and maintain `;
  return levelVerbs.has(tokens[start - 1] ?? '') ? `${tokens[start - 1]!} ` : '';
};

/** What the pilot should have said for one element, in the words of the instruction (FAA AIM 4-2-8, 4-2-9). */
const sayElement = (element: Found, tokens: string[], text: string): string => {
  switch (element.type) {
    case 'altitude':
    case 'flight_level':
      return `${levelVerb(tokens, element.start)}${sayValue(element.type, element.value)}`;
    case 'heading': {
      const turn =
        tokens[element.start - 2] === 'turn'
          ? `turn ${tokens[element.start - 1]!} `
          : tokens[element.start] === 'turn'
            ? `turn ${tokens[element.start + 1]!} `
            : '';
      return `${turn}heading ${sayValue('heading', element.value)}`;
    }
    case 'frequency': {
      const facility = tokens
        .slice(element.start + 1, element.end)
        .filter(
          (word, index, words) =>
            /^[a-z]+$/.test(word) && !decimalMarkers.has(word) && !isNumberToken(word) && !words.slice(0, index).some(isNumberToken),
        );
      return [...facility.map((word) => asWritten(word, text)), sayValue('frequency', element.value)].join(' ');
    }
    case 'squawk':
      return `squawk ${sayValue('squawk', element.value)}`;
    case 'hold_short':
      return `hold short${sayRunway(element.value)}`;
    case 'cleared_land':
      return `cleared to land${sayRunway(element.value)}`;
    case 'cleared_takeoff':
      return `cleared for takeoff${sayRunway(element.value)}`;
    default: {
      const action = element.action === 'line up' && tokens.includes('wait') ? 'line up and wait' : (element.action ?? '');
      return `${action}${sayRunway(element.value)}`.trim();
    }
  }
};

/** A correct readback of the instruction: its elements in the order given, then the callsign as ATC said it (FAA AIM 4-4-7(b)). */
const sayReadback = (
  instructed: Found[],
  parsed: Parsed,
  text: string,
  addressee: HeardCallsign | undefined,
  own: Callsign | undefined,
): string => {
  const said = addressee && parsed.tokens.slice(addressee.start, addressee.end).map((token) => asWritten(token, text));
  const callsign = said ? said.join(' ') : own ? formatCallsign(own) : undefined;
  return capitalise([...instructed.map((element) => sayElement(element, parsed.tokens, text)), ...(callsign ? [callsign] : [])].join(', '));
};

/** Only what an utterance is, whatever else came with it (a corpus's callsign, recognition's confidence). */
const plain = ({ start, end, speaker, text }: Utterance): Utterance => ({ start, end, speaker, text });

const nothingInstructed: Parsed = { tokens: [], found: [], leftovers: [], callsigns: [], isGarbled: false };

/**
 * One finding per ATC instruction, in time order, correct ones included: the verdict for every instruction,
 * which the accuracy benchmark reads as it is. The instruction's addressee is the callsign ATC called (FAA AIM
 * 4-2-4 abbreviations understood); its readback is that aircraft's next transmission starting within maxGapMs
 * of the end of the instruction or of whatever was said since. ATC talking on is skipped, and its later
 * instructions share the reply; another aircraft's call is skipped too (the readback can still come), unless its
 * callsign is like the one called: that is callsign confusion, the readback "wrong". When
 * ATC calls the aircraft again after others spoke, or the aircraft calls a station instead, the readback is
 * missing. A "say again"/"confirm …?" is no readback: the search goes on past it and the repeat. With the
 * flight's own callsigns given, instructions to other aircraft are no finding at all.
 */
export function checkReadbacks(utterances: readonly RadioUtterance[], options: ReadbackOptions = {}): ReadbackFinding[] {
  const maxGapMs = options.maxGapMs ?? defaultMaxGapMs;
  const ordered = [...utterances].sort((a, b) => a.start - b.start);
  const atc = options.atcSpeakers && options.atcSpeakers.size > 0 ? options.atcSpeakers : null;
  const own = (options.ownCallsigns ?? []).flatMap((written) => parseCallsign(written) ?? []);
  const isKnownAtc = (utterance: RadioUtterance) =>
    atc !== null && utterance.speaker !== null && atc.has(utterance.speaker) && !utterance.callsign;
  const isFromAtc = (utterance: RadioUtterance) => !utterance.callsign && (!atc || isKnownAtc(utterance));
  const instructions = ordered.map((utterance) => (isFromAtc(utterance) ? parse(utterance.text, 'instruction') : nothingInstructed));
  const readbacks = new Map<number, Parsed>();
  const getReadback = (index: number): Parsed => {
    const parsed = readbacks.get(index) ?? parse(ordered[index]!.text, 'readback');
    readbacks.set(index, parsed);
    return parsed;
  };
  const isSame = (a: Callsign, b: Callsign) => compareCallsigns(a, b) === 'same';
  // Replies (and "say again"s) are not instructions even when they repeat one.
  const replies = new Set<number>();
  const findings: ReadbackFinding[] = [];
  ordered.forEach((instruction, index) => {
    const parsed = instructions[index]!;
    const instructed = dedupe(parsed.found);
    if (replies.has(index) || instructed.length === 0) return;
    const addressee = addresseeOf(parsed);
    // Instructions to other aircraft are not this crew's, but one to a callsign like ours ("Southwest 2897" when we
    // are 2987) is kept until we know whether our crew took it.
    if (addressee && own.length > 0 && own.every((callsign) => compareCallsigns(callsign, addressee) === 'different')) return;
    // The flight's own aircraft is named as the fleet writes it ("N123AB" when ATC said "Cessna three alpha bravo").
    const called: Callsign | undefined = (addressee && own.find((callsign) => isSame(callsign, addressee))) ?? addressee ?? own[0];
    let replyIndex: number | undefined;
    // The callsign the readback said, which the callsign element is judged by (AIM 4-4-7(b)(1): say it).
    let sender: HeardCallsign | undefined;
    let hasOthersSpoken = false;
    /** Other aircraft ATC called while this readback was awaited. */
    const calledSince: HeardCallsign[] = [];
    let clock = instruction.end;
    for (let next = index + 1; next < ordered.length; next += 1) {
      const candidate = ordered[next]!;
      if (candidate.start - clock > maxGapMs) break;
      clock = Math.max(clock, candidate.end);
      const isSameSpeaker = instruction.speaker !== null && candidate.speaker === instruction.speaker;
      if (isSameSpeaker || isKnownAtc(candidate)) {
        // ATC calling the aircraft again once others have spoken: the first instruction went unanswered.
        const recalled = addresseeOf(instructions[next]!);
        if (hasOthersSpoken && called && recalled && isSame(called, recalled)) break;
        if (recalled && !(called && isSame(called, recalled))) calledSince.push(recalled);
        continue;
      }
      const heard = getReadback(next);
      // While the pilot asks for a repeat, the readback can still come.
      if (isQuery(heard.tokens)) {
        replies.add(next);
        continue;
      }
      const said = saidCallsignOf(heard, called);
      // Who is talking: the callsign said, else the one known for the speaker (a labelled corpus knows it unsaid).
      const from = said ?? (candidate.callsign ? parseCallsign(candidate.callsign) : undefined);
      const match = called && from ? compareCallsigns(called, from) : undefined;
      // Another aircraft: the frequency is busy, and the readback can still come. One like the one called ("Southwest
      // 2897" for 2987) is taken as the readback: callsign confusion, which the callsign element then shows as wrong.
      // An aircraft ATC called since answers that call, even with a callsign like the one called before.
      const isAnsweringLaterCall = from !== undefined && match !== 'same' && calledSince.some((later) => isSame(later, from));
      if (match === 'different' || isAnsweringLaterCall) {
        hasOthersSpoken = true;
        continue;
      }
      if (!isNewCall(heard)) {
        replyIndex = next;
        sender = said;
      }
      break;
    }
    if (replyIndex !== undefined) replies.add(replyIndex);
    // A callsign only like ours concerns this crew when they answered it: callsign confusion (the readback's
    // callsign element shows it wrong). Answered by the aircraft called, or by nobody, it was another's.
    const isOurs = (callsign: Callsign) => own.some((mine) => isSame(mine, callsign));
    if (addressee && own.length > 0 && !isOurs(addressee) && !(sender && isOurs(sender))) return;
    const reply = replyIndex === undefined ? undefined : ordered[replyIndex]!;
    const heard = replyIndex === undefined ? undefined : getReadback(replyIndex);
    const elements: ReadbackElement[] = heard
      ? compare(instructed, parsed, heard)
      : instructed.map((element) => ({ type: element.type, expected: element.value, heard: null }));
    // Every readback carries the callsign (AIM 4-4-7(b)(1)), also when ATC left it out of a continuing exchange:
    // then it is the flight's own, when known.
    const answering = addressee ?? own[0];
    if (answering) {
      const expected = formatCallsign(answering);
      const saysNumberOnly = reply !== undefined && sender === undefined && endsWithFlightNumber(heard!.tokens, answering);
      const said = reply && sender ? (isSame(answering, sender) ? expected : formatCallsign(sender)) : saysNumberOnly ? expected : null;
      elements.push({ type: 'callsign', expected, heard: said });
    }
    const faulty = elements.find((element) => element.heard !== element.expected) ?? elements[0]!;
    // An unsure word of the readback's callsign casts no doubt on a value read back wrong (telephony words are
    // the ones recognition is least sure of), only on the callsign itself.
    const unsure = reply === undefined ? new Set<string>() : unsureTokens(reply);
    const isInCallsign = (at: number) => sender !== undefined && at >= sender.start && at < sender.end;
    const isUncertain =
      isInstructionUncertain(instruction, parsed, instructed) ||
      (heard !== undefined && heard.tokens.some((token, at) => unsure.has(token) && (faulty.type === 'callsign' || !isInCallsign(at))));
    findings.push({
      status: getStatus(reply !== undefined, elements, isUncertain),
      instruction: plain(instruction),
      readback: reply ? plain(reply) : null,
      elements,
      addressee: called ? formatCallsign(called) : null,
      expected_readback: sayReadback(instructed, parsed, instruction.text, addressee, own[0]),
      rule: readbackRuleOf[faulty.type],
    });
  });
  return findings;
}
