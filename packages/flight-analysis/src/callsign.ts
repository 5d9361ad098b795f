import { readGroup, readNumber, tokenize } from './aviation-numbers.ts';

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
/** A word of the ICAO spelling alphabet ("alpha", "bravo"). */
export const isPhoneticLetter = (token: string | undefined): boolean => token !== undefined && phoneticLetters.has(token);

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

/** The longest flight number: five digits (an airline's four and a spare). */
const maxFlightDigits = 5;

/**
 * A flight number starting at tokens[index]. Said in pairs ("nineteen eighty nine", "twenty two sixty six",
 * "one ninety one"), the number ends with its last pair: a digit said alone after it begins the next value
 * ("Delta nineteen eighty nine, three three zero" is Delta 1989 reading back 330).
 */
const readFlightNumber = (tokens: readonly string[], index: number): { digits: string; end: number; isPaired: boolean } | undefined => {
  const whole = readNumber(tokens, index, maxFlightDigits);
  // "two thousand two hundred" is an altitude, never a flight number.
  if (!whole || !/^\d+$/.test(whole.digits) || tokens.slice(index, whole.end).some((word) => multiplierWords.has(word))) return undefined;
  let digits = '';
  let end = index;
  let isPaired = false;
  while (end < whole.end) {
    let group = readGroup(tokens, end);
    if (!group) break;
    // "oh seven", "zero seven" after a pair is a pair too: "thirty four oh seven" is 3407.
    const next = group.digits === '0' ? readGroup(tokens, group.end) : undefined;
    if (isPaired && next !== undefined && next.digits.length === 1 && next.end <= whole.end)
      group = { digits: `0${next.digits}`, end: next.end };
    const isPair = group.digits.length === 2 && !/^\d+$/.test(tokens[end]!);
    if (isPaired && !isPair) break;
    isPaired ||= isPair;
    digits += group.digits;
    end = group.end;
  }
  return digits === '' ? undefined : { digits, end, isPaired };
};

/**
 * Whether the tokens end with the called aircraft's flight number said alone ("cleared for takeoff, one
 * ninety one" from Comair 191): airline crews often drop the telephony word, and the number still says who
 * took the clearance. A registration's bare digits are not enough: they are read as its tail (AIM 4-2-4).
 */
export const endsWithFlightNumber = (tokens: readonly string[], called: Callsign): boolean => {
  if (called.prefix === null || registrationPrefixes.has(called.prefix) || !/^\d+$/.test(called.ident)) return false;
  let closing = tokens.length - (tokens.at(-1) === ',' ? 1 : 0);
  if (weightClasses.has(tokens[closing - 1] ?? '')) closing -= 1;
  return tokens.some((_, index) => {
    const reading = readFlightNumber(tokens, index);
    // After another number word, only a number said in pairs stands apart from it ("one niner zero, eight forty
    // two"); digits said one by one would be the tail of the value before ("squawk four five one two").
    return (
      reading !== undefined &&
      reading.end === closing &&
      reading.digits === called.ident &&
      (reading.isPaired || !isNumberWordAt(tokens, index - 1))
    );
  });
};

const isNumberWordAt = (tokens: readonly string[], index: number): boolean => index >= 0 && readGroup(tokens, index) !== undefined;

/** Where a designator spelled letter by letter ("t w a") ends, when a flight number follows it. */
const spelledDesignatorEnd = (tokens: readonly string[], start: number): number | undefined => {
  let end = start;
  while (end - start < 3 && /^[a-z]$/.test(tokens[end] ?? '')) end += 1;
  return end - start >= 2 && readFlightNumber(tokens, end) ? end : undefined;
};

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
  // An airline's designator spelled out ("T W A eight forty two"): two or three single letters before the number.
  const spelled = spelledDesignatorEnd(tokens, start);
  if (spelled !== undefined) {
    prefix = tokens.slice(start, spelled).join('');
    index = spelled;
  } else if (prefix !== null) index += 1;
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
    const reading = readFlightNumber(tokens, index);
    if (!reading) return undefined;
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
  // A designator of three letters or fewer is written in capitals ("TWA 842"), a telephony word capitalised.
  const word = prefix === null ? '' : prefix.length <= 3 ? `${prefix.toUpperCase()} ` : `${prefix[0]!.toUpperCase()}${prefix.slice(1)} `;
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

/**
 * Whether two telephony words name one operator. A long word heard one letter off ("Deta" for "Delta",
 * "Soutwest") is a transcription slip, not another airline; words of four letters or fewer must match
 * exactly, being too short to tell a slip from another name. A callsign said without its word matches any.
 */
const isSameTelephony = (a: string | null, b: string | null): boolean =>
  a === null || b === null || a === b || (Math.min(a.length, b.length) >= 4 && Math.max(a.length, b.length) >= 5 && isOneEditApart(a, b));

/** One letter inserted, dropped or changed. */
const isOneEditApart = (a: string, b: string): boolean => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let skipped = false;
  for (let i = 0, j = 0; i < short.length; i += 1, j += 1) {
    if (short[i] === long[j]) continue;
    if (skipped) return false;
    skipped = true;
    if (short.length < long.length) i -= 1;
  }
  return true;
};

/** The shortest tail of a registration that names it (AIM 4-2-4: the last three characters). */
const minAbbreviation = 3;

/**
 * Whether a heard callsign names the aircraft called: "same" (in full or as abbreviated), "similar" (one
 * character changed or two swapped, the classic callsign confusion) or "different" (another aircraft).
 */
export const compareCallsigns = (called: Callsign, heard: Callsign): CallsignMatch => {
  const registrations = isRegistration(called) && isRegistration(heard);
  if (!registrations && !isSameTelephony(called.prefix, heard.prefix)) return 'different';
  const [short, long] = called.ident.length <= heard.ident.length ? [called.ident, heard.ident] : [heard.ident, called.ident];
  const mayAbbreviate = registrations && short.length >= minAbbreviation;
  if (short === long || (mayAbbreviate && long.endsWith(short))) return 'same';
  if (isSimilar(short, mayAbbreviate ? long.slice(-short.length) : long)) return 'similar';
  return 'different';
};
