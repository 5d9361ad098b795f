import type { ReadbackElement, ReadbackElementType, ReadbackFinding, Utterance } from '@skylog/contracts';
import { isNumberToken, normaliseValue, readNumber, readRunway, readValue, tokenize, type NumberKind } from './aviation-numbers.ts';

/**
 * Readback check over a transcript: each ATC instruction (an utterance that instructs at least one element),
 * the reply that reads it back, and per element whether the reply said the same value. Deterministic and
 * keyword-driven: an instruction needs its keyword ("climb", "heading", "contact", "squawk", "hold short",
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
};

const defaultMaxGapMs = 15_000;

type Mode = 'instruction' | 'readback';
type RunwayActionType = 'hold_short' | 'cleared_takeoff' | 'cleared_land' | 'runway';

/** An element as found in an utterance: value normalised, tokens [start, end) it spans, and for runway actions the action said. */
type Found = { type: ReadbackElementType; value: string; start: number; end: number; action?: string };

type Parsed = {
  tokens: string[];
  found: Found[];
  /** Numbers outside any element: a callsign, a wind, a value said without its keyword. */
  leftovers: Leftover[];
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
].sort((a, b) => b.words.length - a.words.length);

const actionKeywordsByFirstWord = new Map(
  actionKeywords.map(({ words: [first] }) => [first!, actionKeywords.filter(({ words }) => words[0] === first)]),
);

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
/** Next to a number these make it part of a callsign ("two three alpha bravo", "november one two three"). */
const phoneticLetters = new Set(
  'alpha alfa bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray yankee zulu'.split(
    ' ',
  ),
);
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

/** "contact London Information one two four decimal seven": the facility's name sits between the verb and the number. */
const readFrequency = (tokens: string[], index: number, mode: Mode): Found | undefined => {
  if (!frequencyVerbs[mode].has(tokens[index]!)) return undefined;
  for (let start = index + 1; start <= index + 6 && start < tokens.length; start += 1) {
    if (!isNumberToken(tokens[start])) continue;
    const reading = readValue(tokens, start, 'frequency');
    return reading && { type: 'frequency', value: reading.value, start: index, end: reading.end };
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
  return tokens.map((token) => {
    if (reportBlockers.has(token)) blockedUntil = 'instruction';
    else if (clauseBlockers.has(token) && !blockedUntil) blockedUntil = 'clause end';
    else if ((token === ',' || token === '?') && blockedUntil === 'clause end') blockedUntil = undefined;
    else if (instructionVerbs.has(token) && blockedUntil === 'instruction') blockedUntil = undefined;
    return blockedUntil !== undefined;
  });
};

const isCallsignDigits = (tokens: string[], start: number, end: number): boolean =>
  phoneticLetters.has(tokens[end] ?? '') || phoneticLetters.has(tokens[start - 1] ?? '');

/** A runway said without "runway" ("cleared to land two seven"): a whole number of one or two digits, not a callsign's. */
const readBareRunway = (tokens: string[], start: number): { value: string; start: number; end: number } | undefined => {
  const whole = readNumber(tokens, start);
  const runway = readRunway(tokens, start);
  if (!whole || !runway || whole.digits.length > 2 || isCallsignDigits(tokens, start, runway.end)) return undefined;
  return { ...runway, start };
};

type Mention = { value: string; start: number; end: number };
type Action = ActionKeyword & { start: number; end: number; runway?: Mention };

/**
 * Gives each runway action ("hold short", "cleared to land", "cross") its runway: the first one after it
 * ("cleared to land runway two seven", "hold short of two seven") or, failing that, the nearest one before it
 * with no other action between ("runway two seven, cleared to land").
 */
const attachRunways = (tokens: string[], actions: Action[], mentions: Mention[]): void => {
  const window = 8;
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
      .filter((mention) => !claimed.has(mention) && mention.end <= action.start && action.start - mention.end <= window)
      .filter((mention) => !actions.some((other) => other.start >= mention.end && other.start < action.start))
      .at(-1);
    if (before) {
      action.runway = before;
      claimed.add(before);
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
    if (keyword) {
      actions.push({ ...keyword, start: index, end: index + keyword.words.length });
      index += keyword.words.length;
      continue;
    }
    // "runway two seven", or a designator that names its side ("two seven left", "27L") anywhere.
    const afterRunwayWord = runwayWords.has(tokens[index]!) ? readRunway(tokens, index + 1) : undefined;
    const withSide =
      !afterRunwayWord && (isNumberToken(tokens[index]) || /^\d/.test(tokens[index]!)) && !isNumberToken(tokens[index - 1])
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
  return { tokens, found, leftovers: findLeftovers(tokens, covered) };
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
  const candidates = readback.found.filter((other) => other.type === element.type && !claimed.has(other));
  const match = candidates.find((other) => other.value === element.value || element.value === 'yes') ?? candidates[0];
  if (!match) return null;
  claimed.add(match);
  if (!isClearance(element.type)) return match.value;
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

const getStatus = (hasReply: boolean, elements: ReadbackElement[]): ReadbackFinding['status'] => {
  if (!hasReply) return 'missing';
  if (elements.some((element) => element.heard !== null && element.heard !== element.expected)) return 'wrong';
  return elements.some((element) => element.heard === null) ? 'incomplete' : 'correct';
};

const isQuery = (tokens: string[]): boolean => tokens.some((_, index) => queryPhrases.some((words) => startsWith(tokens, index, words)));

/**
 * One finding per ATC instruction, in time order, correct ones included. The readback is the next utterance by
 * another speaker (any next utterance when either speaker is unknown) starting within maxGapMs of the end of the
 * instruction or of its speaker's last utterance after it: ATC talking on is skipped, and its later instructions
 * share the reply. A "say again"/"confirm …?" is no readback: the search goes on past it and the repeat.
 */
const nothingInstructed: Parsed = { tokens: [], found: [], leftovers: [] };

export function checkReadbacks(utterances: Utterance[], options: ReadbackOptions = {}): ReadbackFinding[] {
  const maxGapMs = options.maxGapMs ?? defaultMaxGapMs;
  const ordered = [...utterances].sort((a, b) => a.start - b.start);
  const atc = options.atcSpeakers && options.atcSpeakers.size > 0 ? options.atcSpeakers : null;
  const isFromAtc = (utterance: Utterance) => !atc || (utterance.speaker !== null && atc.has(utterance.speaker));
  const instructions = ordered.map((utterance) => (isFromAtc(utterance) ? parse(utterance.text, 'instruction') : nothingInstructed));
  const readbacks = new Map<number, Parsed>();
  const getReadback = (index: number): Parsed => {
    const parsed = readbacks.get(index) ?? parse(ordered[index]!.text, 'readback');
    readbacks.set(index, parsed);
    return parsed;
  };
  // Replies (and "say again"s) are not instructions even when they repeat one.
  const replies = new Set<number>();
  const findings: ReadbackFinding[] = [];
  ordered.forEach((instruction, index) => {
    const instructed = dedupe(instructions[index]!.found);
    if (replies.has(index) || instructed.length === 0) return;
    let replyIndex: number | undefined;
    let clock = instruction.end;
    for (let next = index + 1; next < ordered.length; next += 1) {
      const candidate = ordered[next]!;
      if (candidate.start - clock > maxGapMs) break;
      const isSameSpeaker = instruction.speaker !== null && candidate.speaker === instruction.speaker;
      // While the instructing speaker talks on, or the pilot asks for a repeat, the readback can still come.
      if (isSameSpeaker || isQuery(getReadback(next).tokens)) {
        if (!isSameSpeaker) replies.add(next);
        clock = Math.max(clock, candidate.end);
        continue;
      }
      replyIndex = next;
      break;
    }
    const reply = replyIndex === undefined ? undefined : ordered[replyIndex]!;
    if (replyIndex !== undefined) replies.add(replyIndex);
    const elements =
      replyIndex === undefined
        ? instructed.map((element) => ({ type: element.type, expected: element.value, heard: null }))
        : compare(instructed, instructions[index]!, getReadback(replyIndex));
    findings.push({ status: getStatus(reply !== undefined, elements), instruction, readback: reply ?? null, elements });
  });
  return findings;
}
