import { describe, expect, it } from 'vitest';
import { acsDocumentTasks } from './acs-document.ts';
import { acsTaskByCode, acsTaskCodes } from './acs-tasks.ts';
import { instrumentAirplaneAcs } from './instrument-airplane-acs.ts';
import { privateAirplaneAcs } from './private-airplane-acs.ts';

describe('the private pilot airplane ACS', () => {
  it('is FAA-S-ACS-6C of November 2023 with areas I to XII and 61 tasks', () => {
    expect(privateAirplaneAcs.revision).toBe('FAA-S-ACS-6C (November 2023)');
    expect(privateAirplaneAcs.areas.map((area) => area.numeral)).toEqual([
      'I',
      'II',
      'III',
      'IV',
      'V',
      'VI',
      'VII',
      'VIII',
      'IX',
      'X',
      'XI',
      'XII',
    ]);
    expect(privateAirplaneAcs.areas.map((area) => area.tasks.length)).toEqual([9, 6, 2, 14, 2, 4, 4, 6, 7, 4, 1, 2]);
  });

  it('codes each task by its area and its place in it', () => {
    expect(acsTaskByCode('PA.I.A')?.title).toBe('Pilot Qualifications');
    expect(acsTaskByCode('PA.IV.F')?.title).toBe('Short-Field Approach and Landing');
    expect(acsTaskByCode('PA.IV.M')?.title).toBe('Forward Slip to a Landing');
    expect(acsTaskByCode('PA.IV.N')?.title).toBe('Go-Around/Rejected Landing');
    expect(acsTaskByCode('PA.V.A')?.title).toBe('Steep Turns');
    expect(acsTaskByCode('PA.IX.A')?.title).toBe('Emergency Descent');
    expect(acsTaskByCode('PA.XII.B')?.title).toBe('Seaplane Post-Landing Procedures');
    expect(acsTaskByCode('PA.IV.O')).toBeUndefined();
    expect(acsTaskByCode('PA.XIII.A')).toBeUndefined();
  });

  it('keeps the seaplane and multiengine tasks with their codes, marked with their classes', () => {
    expect(acsTaskByCode('PA.IV.G')).toMatchObject({
      title: 'Confined Area Takeoff and Maximum Performance Climb',
      classes: ['ASES', 'AMES'],
    });
    expect(acsTaskByCode('PA.X.B')).toMatchObject({ title: 'VMC Demonstration', classes: ['AMEL', 'AMES'] });
    expect(acsTaskByCode('PA.IV.C')?.classes).toEqual(['ASEL']);
    expect(acsTaskByCode('PA.IV.A')?.classes).toEqual(['ASEL', 'AMEL', 'ASES', 'AMES']);
    const singleEngineLand = acsDocumentTasks(privateAirplaneAcs).filter((task) => task.classes.includes('ASEL'));
    expect(singleEngineLand).toHaveLength(45);
    expect(singleEngineLand.map((task) => task.code)).not.toContain('PA.II.E');
  });

  it('examines Area I in the oral and flies the maneuvers', () => {
    expect(privateAirplaneAcs.areas[0]?.tasks.every((task) => task.kind === 'ground')).toBe(true);
    expect(acsTaskByCode('PA.V.A')?.kind).toBe('flight');
    expect(acsTaskByCode('PA.XI.A')?.kind).toBe('ground');
  });
});

describe('the instrument rating airplane ACS', () => {
  it('is FAA-S-ACS-8C with areas I to VIII and 22 tasks coded IR', () => {
    expect(instrumentAirplaneAcs.revision).toBe('FAA-S-ACS-8C (November 2023)');
    expect(instrumentAirplaneAcs.areas.map((area) => area.tasks.length)).toEqual([3, 3, 2, 2, 2, 5, 4, 1]);
    expect(acsTaskByCode('IR.III.B')?.title).toBe('Holding Procedures');
    expect(acsTaskByCode('IR.VI.C')?.title).toBe('Missed Approach');
    expect(acsTaskByCode('IR.VIII.A')?.title).toBe('Checking Instruments and Equipment');
  });
});

describe('the task table', () => {
  it('holds every task of both documents once', () => {
    expect(acsTaskCodes).toHaveLength(61 + 22);
    expect(new Set(acsTaskCodes).size).toBe(acsTaskCodes.length);
  });
});
