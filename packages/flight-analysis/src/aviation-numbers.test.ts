import { describe, expect, it } from 'vitest';
import { readNumber, readValue, sayValue, tokenize, type ValueKind } from './aviation-numbers.ts';

const valueOf = (text: string, kind: ValueKind): string | undefined => readValue(tokenize(text), 0, kind)?.value;

describe('tokenize', () => {
  it.each([
    ['Climb and maintain 3,500 feet.', ['climb', 'and', 'maintain', '3500', 'feet', ',']],
    ['Contact Tower 121.5; bye!', ['contact', 'tower', '121.5', ',', 'bye', ',']],
    ['FL120', ['fl', '120']],
    ['3000ft', ['3000', 'ft']],
    ['Runway 27L, 23AB', ['runway', '27l', ',', '23ab']],
    ['Cleared for take-off', ['cleared', 'for', 'take', 'off']],
    ['Say again?', ['say', 'again', '?']],
  ])('splits %j', (text, tokens) => {
    expect(tokenize(text)).toEqual(tokens);
  });
});

describe('readValue', () => {
  it.each<[string, ValueKind, string]>([
    ['one two one decimal five', 'frequency', '121.5'],
    ['one two one point five', 'frequency', '121.5'],
    ['121.5', 'frequency', '121.5'],
    ['121 decimal 5', 'frequency', '121.5'],
    ['one twenty one point five', 'frequency', '121.5'],
    ['one one eight three', 'frequency', '118.3'],
    ['121.500', 'frequency', '121.5'],
    ['one one eight decimal zero', 'frequency', '118.0'],
    ['one three two decimal eight three five', 'frequency', '132.835'],
    ['one two four decimal seven fife', 'frequency', '124.75'],
    ['three thousand five hundred', 'altitude', '3500'],
    ['tree thousand fife hundred', 'altitude', '3500'],
    ['3,500', 'altitude', '3500'],
    ['thirty five hundred', 'altitude', '3500'],
    ['one zero thousand', 'altitude', '10000'],
    ['eleven thousand', 'altitude', '11000'],
    ['3 thousand', 'altitude', '3000'],
    ['one two zero', 'flight_level', 'FL120'],
    ['120', 'flight_level', 'FL120'],
    ['one twenty', 'flight_level', 'FL120'],
    ['eight zero', 'flight_level', 'FL080'],
    ['one hundred', 'flight_level', 'FL100'],
    ['two seven zero', 'heading', '270'],
    ['270', 'heading', '270'],
    ['two seventy', 'heading', '270'],
    ['zero niner zero', 'heading', '090'],
    ['90', 'heading', '090'],
    ['three six zero', 'heading', '360'],
    ['four five two one', 'squawk', '4521'],
    ['4521', 'squawk', '4521'],
    ['zero seven two one', 'squawk', '0721'],
    ['seven thousand', 'squawk', '7000'],
    ['twelve hundred', 'squawk', '1200'],
    ['two seven left', 'runway', '27L'],
    ['27L', 'runway', '27L'],
    ['27 L', 'runway', '27L'],
    ['09R', 'runway', '09R'],
    ['zero niner right', 'runway', '09R'],
    ['one six center', 'runway', '16C'],
    ['one six centre', 'runway', '16C'],
    ['twenty seven', 'runway', '27'],
    ['niner', 'runway', '09'],
  ])('reads %j as a %s of %j', (text, kind, value) => {
    expect(valueOf(text, kind)).toBe(value);
  });

  it.each<[string, ValueKind]>([
    ['one two one', 'frequency'],
    ['150.5', 'frequency'],
    ['1215000', 'frequency'],
    ['3550', 'altitude'],
    ['50', 'altitude'],
    ['five', 'flight_level'],
    ['three seven zero', 'heading'],
    ['zero', 'heading'],
    ['four five eight eight', 'squawk'],
    ['four five two', 'squawk'],
    ['three seven', 'runway'],
    ['27X', 'runway'],
    ['23AB', 'heading'],
    ['to', 'runway'],
    ['roger', 'altitude'],
  ])('refuses %j as a %s', (text, kind) => {
    expect(valueOf(text, kind)).toBeUndefined();
  });
});

describe('readNumber', () => {
  it('stops where a fixed-width value ends, so a callsign said straight after stays out', () => {
    const tokens = tokenize('heading two seven zero two three alpha bravo');
    expect(readValue(tokens, 1, 'heading')).toEqual({ value: '270', end: 4 });
  });

  it('leaves out digits after the last thousand or hundred', () => {
    expect(readNumber(tokenize('three thousand, two three alpha'), 0)).toEqual({ digits: '3000', end: 2 });
    expect(readNumber(tokenize('three thousand two three alpha'), 0)).toEqual({ digits: '3000', end: 2 });
  });

  it('keeps a numeral whole rather than running it into the next number', () => {
    expect(readNumber(tokenize('3000 23'), 0)).toEqual({ digits: '3000', end: 1 });
    expect(readNumber(tokenize('one two 3000'), 0)).toEqual({ digits: '12', end: 2 });
  });

  it('does not end on a decimal marker it cannot complete', () => {
    expect(readNumber(tokenize('one two one decimal five'), 0, 3)).toEqual({ digits: '121', end: 3 });
    expect(readNumber(tokenize('holding point alpha'), 0)).toBeUndefined();
  });
});

describe('sayValue', () => {
  it.each<[ValueKind, string, string]>([
    ['altitude', '3500', 'three thousand five hundred'],
    ['altitude', '10500', 'one zero thousand five hundred'],
    ['altitude', '800', 'eight hundred'],
    ['flight_level', 'FL090', 'flight level zero niner zero'],
    ['heading', '270', 'two seven zero'],
    ['frequency', '118.4', 'one one eight point four'],
    ['frequency', '.9', 'point niner'],
    ['squawk', '0436', 'zero four three six'],
    ['runway', '28L', 'two eight left'],
    ['runway', '31', 'three one'],
  ])('says %s %s as %j', (kind, value, spoken) => {
    expect(sayValue(kind, value)).toBe(spoken);
  });
});

describe('tokenize drops hesitations', () => {
  it('reads "cleared to land, uh, three one" without the "uh"', () => {
    expect(tokenize('Cleared to land, uh, three one')).toEqual(['cleared', 'to', 'land', ',', ',', 'three', 'one']);
  });
});
