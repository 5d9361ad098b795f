import { describe, expect, it } from 'vitest';
import { readbackElementTypes, readbackFindingSchema, readbackRuleOf, readbackRules } from './analysis.ts';

describe('readback findings', () => {
  it('reads a finding stored before findings carried the addressee, the correct readback and the rule', () => {
    const stored = {
      status: 'wrong',
      instruction: { start: 0, end: 3000, speaker: 2, text: 'Skyline two one, squawk zero four three six.' },
      readback: { start: 4000, end: 6000, speaker: 1, text: 'Squawk zero four six three, Skyline two one.' },
      elements: [{ type: 'squawk', expected: '0436', heard: '0463' }],
    };
    expect(readbackFindingSchema.parse(stored)).toEqual({ ...stored, addressee: null, expected_readback: null, rule: null });
  });

  it('refuses a status it does not know', () => {
    expect(
      readbackFindingSchema.safeParse({
        status: 'maybe',
        instruction: { start: 0, end: 1, speaker: null, text: 'x' },
        readback: null,
        elements: [],
      }).success,
    ).toBe(false);
  });

  it('rests every element on a rule with its citation', () => {
    for (const type of readbackElementTypes) {
      const rule = readbackRules[readbackRuleOf[type]];
      expect(rule.rule.length).toBeGreaterThan(0);
      expect(rule.citation).toMatch(/FAA AIM|14 CFR|ICAO/);
    }
  });
});
