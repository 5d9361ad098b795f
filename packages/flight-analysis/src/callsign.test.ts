import { describe, expect, it } from 'vitest';
import { tokenize } from './aviation-numbers.ts';
import { compareCallsigns, findCallsigns, formatCallsign, parseCallsign, type Callsign, type CallsignMatch } from './callsign.ts';

const heard = (text: string): Callsign => {
  const [callsign] = findCallsigns(tokenize(text));
  if (!callsign) throw new Error(`no callsign in ${text}`);
  return { prefix: callsign.prefix, ident: callsign.ident };
};

describe('callsigns as heard', () => {
  it.each([
    ['November one two three alpha bravo, climb', 'N123AB'],
    ['Delta twenty two sixty six, descend', 'Delta 2266'],
    ['Southwest two niner eight seven', 'Southwest 2987'],
    ['Skyline one two, runway three one', 'Skyline 12'],
    ['three alpha bravo', '3AB'],
    ['roger, 23AB', '23AB'],
    ['United 12 heavy, contact', 'United 12'],
    ['Skyhawk alpha bravo, cleared for takeoff', 'Skyhawk AB'],
    ['T W A eight forty two, climb', 'TWA 842'],
    ['Colgan thirty four oh seven, runway two two right', 'Colgan 3407'],
    ['USAir four oh five, hold short', 'Usair 405'],
    ['Delta nineteen eighty nine three three zero', 'Delta 1989'],
  ])('reads %j as %s', (text, written) => {
    expect(formatCallsign(heard(text))).toBe(written);
  });

  it.each([
    'Runway three one, cleared to land',
    'Squawk zero four three six',
    'Contact Monterey tower one one eight point four',
    'Wind three two zero at one two, gusts one eight',
    'Cleared to land 26R',
    'Taxi via Bravo 3',
    'Flaps ten, mixture rich',
    'Over the Stanford Dish two thousand two hundred',
  ])('finds no callsign in %j', (text) => {
    expect(findCallsigns(tokenize(text))).toEqual([]);
  });

  it('reads a fleet’s written callsigns', () => {
    expect(parseCallsign('N4521K')).toEqual({ prefix: 'november', ident: '4521k' });
    expect(parseCallsign('Skyline 21')).toEqual({ prefix: 'skyline', ident: '21' });
    expect(parseCallsign('runway')).toBeUndefined();
  });
});

describe('compareCallsigns', () => {
  it.each<[string, string, CallsignMatch]>([
    ['N123AB', 'three alpha bravo', 'same'],
    ['N123AB', 'Cessna three alpha bravo', 'same'],
    ['N4521K', 'Cherokee two one kilo', 'same'],
    ['Delta 2266', 'Delta twenty two sixty six', 'same'],
    ['Skyline 12', 'Skyline one two', 'same'],
    ['Southwest 2987', 'Southwest two eight niner seven', 'similar'],
    ['Delta 2266', 'Delta 2267', 'similar'],
    ['Delta 2266', 'Delta 2387', 'different'],
    ['Delta 2266', 'United 2266', 'different'],
    // An air carrier's flight number is never shortened (FAA AIM 4-2-4).
    ['Delta 2266', 'Delta 266', 'different'],
    ['N123AB', 'five alpha bravo', 'similar'],
    ['N123AB', 'Cessna four charlie delta', 'different'],
    ['N123AB', 'Skyhawk alpha bravo', 'different'],
  ])('%s and %j: %s', (written, said, match) => {
    expect(compareCallsigns(parseCallsign(written)!, heard(said))).toBe(match);
  });
});
