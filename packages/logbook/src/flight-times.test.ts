import { describe, expect, it } from 'vitest';
import { flightTimes } from './flight-times.ts';

const totalHours = 1.4;
const none = { pic: 0, sic: 0, solo: 0, dualReceived: 0, dualGiven: 0 };

describe('flightTimes (14 CFR 61.51)', () => {
  it('gives a student with an instructor dual received only, never PIC', () => {
    expect(flightTimes({ totalHours, role: 'student', seat: 'left', otherSeatOccupied: true })).toEqual({
      ...none,
      dualReceived: totalHours,
    });
  });

  it('gives a student alone solo and PIC', () => {
    expect(flightTimes({ totalHours, role: 'student', seat: 'left', otherSeatOccupied: false })).toEqual({
      ...none,
      pic: totalHours,
      solo: totalHours,
    });
  });

  it('gives the instructor PIC and dual given, from either seat', () => {
    for (const seat of ['left', 'right'] as const) {
      expect(flightTimes({ totalHours, role: 'instructor', seat, otherSeatOccupied: true })).toEqual({
        ...none,
        pic: totalHours,
        dualGiven: totalHours,
      });
    }
  });

  it('gives a pilot in the left seat with a passenger PIC, and none in the right seat of a single-pilot aircraft', () => {
    expect(flightTimes({ totalHours, role: 'other', seat: 'left', otherSeatOccupied: true })).toEqual({ ...none, pic: totalHours });
    expect(flightTimes({ totalHours, role: 'other', seat: 'right', otherSeatOccupied: true })).toEqual(none);
  });

  it('gives SIC only where a second pilot is required, and PIC in the right seat only by agreement', () => {
    expect(flightTimes({ totalHours, role: 'other', seat: 'right', otherSeatOccupied: true, requiresTwoPilots: true })).toEqual({
      ...none,
      sic: totalHours,
    });
    expect(flightTimes({ totalHours, role: 'other', seat: 'right', otherSeatOccupied: true, actingAsPic: true })).toEqual({
      ...none,
      pic: totalHours,
    });
  });

  it('gives any pilot alone solo and PIC', () => {
    expect(flightTimes({ totalHours, role: 'other', seat: 'right', otherSeatOccupied: false })).toEqual({
      ...none,
      pic: totalHours,
      solo: totalHours,
    });
  });

  it('refuses a negative total, naming the field', () => {
    expect(() => flightTimes({ totalHours: -1, role: 'other', seat: 'left', otherSeatOccupied: false })).toThrow(/totalHours/);
  });
});
