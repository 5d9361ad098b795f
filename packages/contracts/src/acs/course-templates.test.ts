import { describe, expect, it } from 'vitest';
import { acsDocumentTasks } from './acs-document.ts';
import { acsTaskByCode } from './acs-tasks.ts';
import { courseTemplateByKey, courseTemplates, privatePilotMinimumHours, type CourseTemplate } from './course-templates.ts';
import { isGradeOnScale } from './grading-scales.ts';
import { privateAirplaneAcs } from './private-airplane-acs.ts';

function lessonsOf(template: CourseTemplate) {
  return template.content.stages.flatMap((stage) => stage.lessons);
}

function plannedHours(template: CourseTemplate, kind: 'flight' | 'ground'): number {
  const tenths = lessonsOf(template)
    .filter((lesson) => lesson.kind === kind)
    .reduce((sum, lesson) => sum + Math.round(lesson.planned_hours * 10), 0);
  return tenths / 10;
}

describe.each(courseTemplates)('the $key course template', (template) => {
  const lessons = lessonsOf(template);
  const items = lessons.flatMap((lesson) => lesson.items);

  it('gives every stage, lesson and item a key of its own', () => {
    const keys = [
      ...template.content.stages.map((stage) => stage.key),
      ...lessons.map((lesson) => lesson.key),
      ...items.map((item) => item.key),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names only ACS tasks that exist, under their ACS titles', () => {
    for (const item of items.filter((entry) => entry.task_code !== null)) {
      const task = acsTaskByCode(item.task_code ?? '');
      expect(task, item.key).toBeDefined();
      expect(item.title).toBe(task?.title);
      expect(item.kind).toBe(task?.kind);
    }
  });

  it('asks for grades of its own scale', () => {
    for (const item of items) expect(isGradeOnScale(template.scale, item.required_grade), item.key).toBe(true);
  });

  it('runs three stages that each end with a stage check', () => {
    expect(template.content.stages).toHaveLength(3);
    for (const stage of template.content.stages) {
      expect(stage.lessons.at(-1)?.stage_check, stage.key).toBe(true);
      expect(stage.lessons.filter((lesson) => lesson.stage_check)).toHaveLength(1);
    }
    expect(lessons.length).toBeGreaterThanOrEqual(20);
    expect(lessons.length).toBeLessThanOrEqual(30);
  });

  it('plans at least the flight and ground hours its rule asks for', () => {
    const minimum = privatePilotMinimumHours[template.part];
    expect(plannedHours(template, 'flight')).toBeGreaterThanOrEqual(minimum.flight);
    expect(plannedHours(template, 'ground')).toBeGreaterThanOrEqual(minimum.ground);
  });

  it('checks every single-engine land task of the ACS at the end, and no seaplane or multiengine task anywhere', () => {
    const singleEngineLand = acsDocumentTasks(privateAirplaneAcs)
      .filter((task) => task.classes.includes('ASEL'))
      .map((task) => task.code);
    const endOfCourse = lessons.at(-1);
    expect(endOfCourse?.items.map((item) => item.task_code).filter((code) => code !== null)).toEqual(singleEngineLand);
    for (const item of items.filter((entry) => entry.task_code !== null)) {
      expect(acsTaskByCode(item.task_code ?? '')?.classes, item.key).toContain('ASEL');
    }
  });

  it('opens every flight lesson with a briefing and closes it with a debriefing', () => {
    for (const lesson of lessons.filter((entry) => entry.kind === 'flight')) {
      expect(lesson.items.at(0)?.title).toBe('Preflight briefing');
      expect(lesson.items.at(-1)?.title).toBe('Postflight debriefing');
    }
  });
});

describe('course templates', () => {
  it('come in a Part 61 and a Part 141 flavour, found by key', () => {
    expect(courseTemplateByKey('private-airplane-part-61')).toMatchObject({ part: '61', scale: 'satisfactory' });
    expect(courseTemplateByKey('private-airplane-part-141')).toMatchObject({ part: '141', scale: 'numeric-4' });
    expect(courseTemplateByKey('commercial-airplane')).toBeUndefined();
  });

  it('ask of Part 141 the 35 hours of ground training of its appendix B', () => {
    expect(privatePilotMinimumHours['141']).toEqual({ flight: 35, ground: 35 });
    expect(privatePilotMinimumHours['61'].flight).toBe(40);
  });
});
