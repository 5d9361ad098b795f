/**
 * Spoken aviation numbers as normalised values: what a controller or pilot says ("one two one decimal five",
 * "three thousand five hundred", "runway two seven left") and what a transcriber writes for it ("121.5",
 * "3,500", "27L"). It reads tokens from a position, so the readback checker can read a value where a keyword
 * leaves off and knows where the value ended.
 */

export type ValueKind = 'altitude' | 'flight_level' | 'heading' | 'frequency' | 'squawk' | 'runway';
export type NumberKind = Exclude<ValueKind, 'runway'>;

/** Digits as said, "." for a decimal marker ("121.5", "270", "0721"); end is the index after the last token read. */
export type NumberReading = { digits: string; end: number };
export type ValueReading = { value: string; end: number };

// ICAO pronunciations (tree, fower, fife, niner) besides the plain words; never "to" or "for", which are words.
// Maps, not object literals: a token such as "constructor" must not find Object.prototype.
const digitWords = new Map([
  ['zero', '0'],
  // "four oh five", "one two oh": the everyday zero in a callsign or a frequency.
  ['oh', '0'],
  ['one', '1'],
  ['two', '2'],
  ['three', '3'],
  ['tree', '3'],
  ['four', '4'],
  ['fower', '4'],
  ['five', '5'],
  ['fife', '5'],
  ['six', '6'],
  ['seven', '7'],
  ['eight', '8'],
  ['nine', '9'],
  ['niner', '9'],
]);
const teenWords = new Map(
  ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'].map((word, index) => [
    word,
    String(10 + index),
  ]),
);
const tensWords = new Map(
  ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'].map((word, index) => [word, String(2 + index)]),
);
const multipliers = new Map([
  ['thousand', 1000],
  ['hundred', 100],
]);
export const decimalMarkers: ReadonlySet<string> = new Set(['decimal', 'point', 'dot']);
const runwaySides = new Map([
  ['left', 'L'],
  ['l', 'L'],
  ['right', 'R'],
  ['r', 'R'],
  ['center', 'C'],
  ['centre', 'C'],
  ['c', 'C'],
]);

/** Where a run of digits said one by one ends: squawks, headings and flight levels have a fixed width, a frequency six digits at most. */
const defaultMaxDigits: Record<NumberKind, number> = { altitude: Infinity, flight_level: 3, heading: 3, frequency: 6, squawk: 4 };

const numeral = /^\d+(?:\.\d+)?$/;
const unitSuffix = /^(\d+(?:\.\d+)?)(ft|kt|kts|mhz|nm)$/;

/** Hesitations carry nothing: "cleared to land, uh, three one" reads as "cleared to land, three one". */
const hesitations = new Set(['uh', 'uhh', 'um', 'umm', 'er', 'erm', 'ah', 'eh', 'hmm']);

/**
 * Lower-case words and numerals; every stop (. , ; : !) becomes "," and "?" stays, so a value never runs on
 * into the next phrase. "3,500" is one numeral; "27L" stays one token (a runway) and "23AB" too (a callsign,
 * not a number); "FL120" splits into "fl" and "120", "3000ft" into "3000" and "ft". Hesitations are dropped.
 */
export const tokenize = (text: string): string[] =>
  (
    text
      .toLowerCase()
      .replace(/(\d),(?=\d{3}(?!\d))/g, '$1')
      .match(/\d+(?:\.\d+)?[a-z]*|[a-z]+|[,.;:!?]/g) ?? []
  ).flatMap((token) => {
    if (hesitations.has(token)) return [];
    const unit = unitSuffix.exec(token);
    if (unit) return [unit[1]!, unit[2]!];
    return /^[.;:!]$/.test(token) ? [','] : [token];
  });

/** One digit group: a digit or teen word, a tens word with its unit ("twenty one"), or a numeral. */
export const readGroup = (tokens: readonly string[], index: number): NumberReading | undefined => {
  const token = tokens[index];
  if (token === undefined) return undefined;
  const word = digitWords.get(token) ?? teenWords.get(token);
  if (word !== undefined) return { digits: word, end: index + 1 };
  const tens = tensWords.get(token);
  if (tens !== undefined) {
    const unit = digitWords.get(tokens[index + 1] ?? '');
    return unit !== undefined && unit !== '0' ? { digits: tens + unit, end: index + 2 } : { digits: `${tens}0`, end: index + 1 };
  }
  return numeral.test(token) ? { digits: token, end: index + 1 } : undefined;
};

export const isNumberToken = (token: string | undefined): boolean =>
  token !== undefined && (digitWords.has(token) || teenWords.has(token) || tensWords.has(token) || numeral.test(token));

const countDigits = (digits: string): number => digits.replace('.', '').length;

/**
 * The number starting at tokens[start]: digits said one by one ("one two one decimal five" → "121.5"), tens
 * words ("one twenty one point five" → "121.5"), thousands and hundreds ("three thousand five hundred",
 * "thirty five hundred" → "3500") or numerals ("121.5", "3500"). maxDigits stops a run of digits where a
 * fixed-width value ends, so a callsign said straight after ("heading two seven zero two three alpha") is
 * left out. A numeral of two or more digits is whole as written: Deepgram writes a value in one numeral, so a
 * numeral next to it is another number.
 */
export const readNumber = (tokens: readonly string[], start: number, maxDigits = Infinity): NumberReading | undefined => {
  let digits = '';
  let end = start;
  let total = 0;
  let afterMultiplier: number | undefined;
  let isWholeNumeral = false;
  let index = start;
  while (index < tokens.length) {
    const token = tokens[index]!;
    const multiplier = multipliers.get(token);
    if (multiplier !== undefined) {
      if (!/^\d+$/.test(digits)) break;
      total += Number(digits) * multiplier;
      digits = '';
      isWholeNumeral = false;
      index += 1;
      afterMultiplier = index;
      continue;
    }
    if (decimalMarkers.has(token)) {
      if (!/^\d+$/.test(digits) || afterMultiplier !== undefined) break;
      digits += '.';
      isWholeNumeral = false;
      index += 1;
      continue;
    }
    const group = readGroup(tokens, index);
    if (!group) break;
    const isNumeral = numeral.test(token) && token.length > 1;
    const joined = digits + group.digits;
    if (digits !== '') {
      const isNextToNumeral = !digits.endsWith('.') && (isWholeNumeral || isNumeral);
      const decimals = joined.split('.');
      if (isNextToNumeral || decimals.length > 2 || (decimals[1] ?? '').length > 3 || countDigits(joined) > maxDigits) break;
    }
    digits = joined;
    isWholeNumeral = isNumeral;
    index = group.end;
    end = index;
  }
  // Digits after the last thousand/hundred ("three thousand, two three alpha") are not part of it.
  if (afterMultiplier !== undefined) return { digits: String(total), end: afterMultiplier };
  // A decimal marker with nothing read after it is not part of the number either.
  digits = digits.replace(/\.$/, '');
  return digits === '' ? undefined : { digits, end };
};

const wholeNumber = (digits: string): number | undefined => (/^\d+$/.test(digits) ? Number(digits) : undefined);
const pad = (value: number, width: number): string => String(value).padStart(width, '0');
const isWithin = (value: number | undefined, min: number, max: number): value is number =>
  value !== undefined && value >= min && value <= max;

const normalisers: Record<NumberKind, (digits: string) => string | undefined> = {
  // Clearances are in hundreds of feet; anything else after "maintain" is a speed or a level said wrongly.
  altitude: (digits) => {
    const feet = wholeNumber(digits);
    return isWithin(feet, 100, 60_000) && feet % 100 === 0 ? String(feet) : undefined;
  },
  flight_level: (digits) => {
    const level = wholeNumber(digits);
    return isWithin(level, 10, 600) ? `FL${pad(level, 3)}` : undefined;
  },
  heading: (digits) => {
    const degrees = wholeNumber(digits);
    return isWithin(degrees, 1, 360) ? pad(degrees, 3) : undefined;
  },
  // VHF airband, 108 to 136.99 MHz. Said without "decimal" ("one one eight three"), the megahertz are the first three digits.
  frequency: (digits) => {
    const written = /^\d{4,6}$/.test(digits) ? `${digits.slice(0, 3)}.${digits.slice(3)}` : digits;
    const match = /^(\d{3})\.(\d{1,3})$/.exec(written);
    if (!match || !isWithin(Number(match[1]), 108, 136)) return undefined;
    return `${match[1]}.${match[2]!.replace(/0+$/, '') || '0'}`;
  },
  // Four octal digits: a transponder has no 8 or 9.
  squawk: (digits) => (/^[0-7]{4}$/.test(digits) ? digits : undefined),
};

/** The normalised value digits stand for ("3500", "FL120", "270", "121.5", "4521"), or undefined when they cannot be one. */
export const normaliseValue = (kind: NumberKind, digits: string): string | undefined => normalisers[kind](digits);

/** A runway designator: "two seven left", "27 L", "27L", "09R", "zero niner" → "27L", "27L", "27L", "09R", "09". */
export const readRunway = (tokens: readonly string[], start: number): ValueReading | undefined => {
  const written = /^(\d{1,2})([lrc])$/.exec(tokens[start] ?? '');
  if (written) {
    const number = Number(written[1]);
    return isWithin(number, 1, 36) ? { value: pad(number, 2) + written[2]!.toUpperCase(), end: start + 1 } : undefined;
  }
  const reading = readNumber(tokens, start, 2);
  const number = reading && wholeNumber(reading.digits);
  if (!reading || !isWithin(number, 1, 36)) return undefined;
  const side = runwaySides.get(tokens[reading.end] ?? '');
  return side === undefined ? { value: pad(number, 2), end: reading.end } : { value: pad(number, 2) + side, end: reading.end + 1 };
};

/** The value of a kind starting at tokens[start], or undefined when what is there cannot be one. */
export const readValue = (tokens: readonly string[], start: number, kind: ValueKind): ValueReading | undefined => {
  if (kind === 'runway') return readRunway(tokens, start);
  const reading = readNumber(tokens, start, defaultMaxDigits[kind]);
  const value = reading && normaliseValue(kind, reading.digits);
  return reading && value !== undefined ? { value, end: reading.end } : undefined;
};

// The words a readback uses for digits (FAA AIM 4-2-8: "niner"; 4-2-9 for altitudes).
const spokenDigits = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'niner'];
const sayDigits = (digits: string): string => [...digits].map((digit) => spokenDigits[Number(digit)] ?? digit).join(' ');
const spokenSides: Record<string, string> = { L: 'left', R: 'right', C: 'center' };

/**
 * A normalised value as a pilot says it (FAA AIM 4-2-8, 4-2-9): digits one by one, altitudes in thousands and
 * hundreds ("one zero thousand five hundred"), "point" in a frequency, the side of a runway in words.
 */
export const sayValue = (kind: ValueKind, value: string): string => {
  if (kind === 'altitude') {
    const feet = Number(value);
    const thousands = Math.floor(feet / 1000);
    const hundreds = (feet % 1000) / 100;
    return [thousands > 0 ? `${sayDigits(String(thousands))} thousand` : '', hundreds > 0 ? `${sayDigits(String(hundreds))} hundred` : '']
      .filter(Boolean)
      .join(' ');
  }
  if (kind === 'flight_level') return `flight level ${sayDigits(value.replace('FL', ''))}`;
  if (kind === 'frequency') return value.split('.').map(sayDigits).join(' point ').trim();
  if (kind === 'runway') {
    const side = spokenSides[value.slice(-1)];
    return side ? `${sayDigits(value.slice(0, -1))} ${side}` : sayDigits(value);
  }
  return sayDigits(value);
};
