import { readNumber, tokenize } from './aviation-numbers.ts';

/**
 * Aircraft callsigns as heard on the radio and as the fleet writes them, and whether two name the same
 * aircraft. FAA AIM 4-2-4: a civil registration may be shortened to its type or "November" and its last
 * three characters ("Cessna three alpha bravo" for N123AB, or just "three alpha bravo" once ATC has); an air
 * carrier or a school's telephony callsign ("Delta 2266", "Skyline one two") is never shortened.
 */

/** A callsign: its telephony word (null when said without one), and its digits and letters ("123ab"). */
export type Callsign = { prefix: string | null; ident: string };
/** A callsign found in an utterance, with the tokens [start, end) it spans. */
export type HeardCallsign = Callsign & { start: number; end: number };
export type CallsignMatch = 'same' | 'similar' | 'different';

const phoneticLetters = new Map(
  'alpha alfa bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray yankee zulu'
    .split(' ')
    .map((word) => [word, word[0]!]),
);
/** Before a registration these say "civil aircraft" (AIM 4-2-4: the type may replace the "N"). */
const registrationPrefixes = new Set(
  'november n cessna piper cherokee archer warrior arrow seneca seminole skyhawk skylane cardinal centurion cirrus bonanza baron beech beechcraft mooney diamond da katana twinstar citation learjet lear gulfstream king air experimental helicopter robinson cub husky navajo aztec comanche saratoga malibu meridian tbm pilatus eclipse phenom'.split(
    ' ',
  ),
);
/** Telephony words that are also phonetic letters: "Delta 2266" is an airline, "Bravo 3" a taxiway. */
const airlineLetters = new Set(['delta']);
/**
 * Words that come before a number on the radio without being a callsign: the value's keyword ("runway three
 * one", "squawk zero four three six"), a station ("tower one one eight point four") or weather and traffic words.
 */
const notTelephony = new Set(
  `runway rwy heading squawk code level flight fl climb climbing descend descending maintain maintaining altitude to and at
  contact contacting monitor monitoring frequency ground tower approach departure center centre clearance delivery radio unicom
  control radar information atis wind winds altimeter qnh qfe gusts gusting visibility temperature dew point decimal dot number
  traffic clock miles mile knots knot feet foot thousand hundred left right turn fly via taxi taxiway intersection direct hold holding
  short of for cleared clear land landing takeoff take off up wait line lining cross crossing enter entering downwind base final
  upwind crosswind leg is are the a an be passing leaving reaching expect request requesting report above below until speed increase
  reduce sky few scattered broken overcast ceiling time through vector vectors degrees say with on in by from after before then now
  due over about we i you have got roger wilco affirmative negative copy okay ok yes no please thanks thank good day bye see out
  caution behind following follow ready inbound outbound out holding shortly minutes seconds mach ils rnav rnp gps vor loc localizer
  visual procedure sid star transition fix waypoint airway victor jet route block fuel souls plus minus zero
  flaps flap gear power rpm mixture trim notch notches percent throttle carb mag mags selector tank tanks`.split(/\s+/),
);
const stationTypes = new Set([
  'ground',
  'tower',
  'approach',
  'departure',
  'center',
  'centre',
  'clearance',
  'delivery',
  'radio',
  'unicom',
  'control',
  'radar',
]);
const weightClasses = new Set(['heavy', 'super']);
const multiplierWords = new Set(['thousand', 'hundred']);
const alphanumeric = /^\d{1,5}[a-z]{0,3}$/;

/** "tower", "ground", "approach": the word that ends a station's name. */
export const isStationType = (token: string | undefined): boolean => token !== undefined && stationTypes.has(token);

const isWord = (token: string | undefined): token is string => token !== undefined && /^[a-z]+$/.test(token);

/** The callsign starting at tokens[start], if one does. */
export const readCallsign = (tokens: readonly string[], start: number): HeardCallsign | undefined => {
  const first = tokens[start];
  let prefix: string | null = null;
  let index = start;
  if (first === 'n' || first === 'november') prefix = 'november';
  else if (
    isWord(first) &&
    !notTelephony.has(first) &&
    (!phoneticLetters.has(first) || airlineLetters.has(first)) &&
    !readNumber(tokens, start)
  )
    prefix = first;
  if (prefix !== null) index += 1;
  let ident: string;
  const token = tokens[index];
  // "27L" with nothing before it is a runway, not a registration's tail.
  if (token !== undefined && alphanumeric.test(token) && !/^\d$/.test(token) && !(prefix === null && /^\d{1,2}[lrc]$/.test(token))) {
    ident = token;
    index += 1;
  } else if (
    prefix !== null &&
    registrationPrefixes.has(prefix) &&
    phoneticLetters.has(tokens[index] ?? '') &&
    phoneticLetters.has(tokens[index + 1] ?? '')
  ) {
    // "Skyhawk alpha bravo": a registration's letters alone after its type.
    ident = '';
  } else {
    const reading = readNumber(tokens, index, 5);
    if (!reading || !/^\d+$/.test(reading.digits) || tokens.slice(index, reading.end).some((word) => multiplierWords.has(word)))
      return undefined;
    ident = reading.digits;
    index = reading.end;
  }
  // Letters after the digits, but not an airline's name starting the next callsign ("… 5000, Delta 2266").
  const isLetter = (at: number) =>
    phoneticLetters.has(tokens[at] ?? '') && !(airlineLetters.has(tokens[at]!) && readNumber(tokens, at + 1));
  while (/^\d*[a-z]{0,2}$/.test(ident) && isLetter(index)) {
    ident += phoneticLetters.get(tokens[index]!)!;
    index += 1;
  }
  // Without a telephony word only a registration's tail ("three alpha bravo") is a callsign: bare digits are a value.
  if ((prefix === null && !/[a-z]/.test(ident)) || ident === '') return undefined;
  if (weightClasses.has(tokens[index] ?? '')) index += 1;
  return { prefix, ident, start, end: index };
};

/** Every callsign said in the tokens, in order, outside the tokens already taken (a value's). */
export const findCallsigns = (tokens: readonly string[], taken: readonly boolean[] = []): HeardCallsign[] => {
  const found: HeardCallsign[] = [];
  let index = 0;
  while (index < tokens.length) {
    const candidate = taken[index] ? undefined : readCallsign(tokens, index);
    const callsign = candidate && !taken.slice(candidate.start, candidate.end).some(Boolean) ? candidate : undefined;
    if (callsign) {
      found.push(callsign);
      index = callsign.end;
    } else index += 1;
  }
  return found;
};

/** Where a call to a station ends: "Palo Alto ground," or "NorCal approach" opening an utterance; 0 when none does. */
export const stationCallEnd = (tokens: readonly string[]): number => {
  const typeAt = tokens.slice(0, 4).findIndex((token) => stationTypes.has(token));
  if (typeAt < 0 || tokens.slice(0, typeAt).some((token) => !isWord(token))) return 0;
  return tokens[typeAt + 1] === ',' ? typeAt + 2 : typeAt + 1;
};

/** A callsign as the fleet writes it ("N123AB", "Skyline 21", "Delta 2266"). */
export const parseCallsign = (written: string): Callsign | undefined => {
  const tokens = tokenize(written.replace(/^N(?=\d)/i, 'N '));
  const callsign = readCallsign(tokens, 0);
  return callsign && callsign.end === tokens.length ? { prefix: callsign.prefix, ident: callsign.ident } : undefined;
};

/** As written on a screen: "N123AB", "Skyline 21", "3AB". */
export const formatCallsign = ({ prefix, ident }: Callsign): string => {
  if (prefix === 'november') return `N${ident.toUpperCase()}`;
  const word = prefix === null ? '' : `${prefix[0]!.toUpperCase()}${prefix.slice(1)} `;
  return `${word}${ident.toUpperCase()}`;
};

const isRegistration = (callsign: Callsign): boolean => callsign.prefix === null || registrationPrefixes.has(callsign.prefix);

/** Two idents of one length that differ by one character or two swapped neighbours: "2987" heard as "2897". */
const isSimilar = (a: string, b: string): boolean => {
  if (a.length !== b.length || a === b) return false;
  const differ = [...a].flatMap((char, index) => (char === b[index] ? [] : [index]));
  return (
    differ.length === 1 ||
    (differ.length === 2 && differ[1] === differ[0]! + 1 && a[differ[0]!] === b[differ[1]!] && a[differ[1]!] === b[differ[0]!])
  );
};

/** The shortest tail of a registration that names it (AIM 4-2-4: the last three characters). */
const minAbbreviation = 3;

/**
 * Whether a heard callsign names the aircraft called: "same" (in full or as abbreviated), "similar" (one
 * character changed or two swapped, the classic callsign confusion) or "different" (another aircraft).
 */
export const compareCallsigns = (called: Callsign, heard: Callsign): CallsignMatch => {
  const registrations = isRegistration(called) && isRegistration(heard);
  if (!registrations && called.prefix !== heard.prefix && called.prefix !== null && heard.prefix !== null) return 'different';
  const [short, long] = called.ident.length <= heard.ident.length ? [called.ident, heard.ident] : [heard.ident, called.ident];
  const mayAbbreviate = registrations && short.length >= minAbbreviation;
  if (short === long || (mayAbbreviate && long.endsWith(short))) return 'same';
  if (isSimilar(short, mayAbbreviate ? long.slice(-short.length) : long)) return 'similar';
  return 'different';
};
