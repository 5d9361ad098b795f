import { describe, expect, it } from 'vitest';
import { acsTaskByCode } from './acs-tasks.ts';
import { acsTolerances } from './acs-tolerances.ts';

describe('the measured tasks', () => {
  it('are flight tasks of the private pilot ACS, and each number names elements of its own task', () => {
    for (const tolerance of Object.values(acsTolerances)) {
      expect(acsTaskByCode(tolerance.task)?.kind, tolerance.task).toBe('flight');
      for (const element of tolerance.elements) expect(element.startsWith(`${tolerance.task}.S`), element).toBe(true);
    }
  });

  it('hold the 6C numbers where 6C differs from what was first written down', () => {
    expect(acsTaskByCode(acsTolerances.goAround.task)?.title).toBe('Go-Around/Rejected Landing');
    expect(acsTolerances.emergencyDescent).toMatchObject({ airspeedPlusKt: 0, airspeedMinusKt: 10, levelOffFt: 100 });
    expect(acsTolerances.slowFlight).toMatchObject({ airspeedPlusKt: 10, airspeedMinusKt: 0, bankPlusMinusDeg: 10 });
  });
});
