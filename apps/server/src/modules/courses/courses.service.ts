import {
  courseTemplateByKey,
  courseTemplates,
  trainingMessages,
  type Course,
  type CourseContent,
  type CourseCreate,
  type CourseImportBody,
  type CourseList,
  type CourseUpdate,
  type GradingScaleKey,
  type Program,
} from '@skylog/contracts';
import { courseListOrg, requireCourse } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest, forbidden } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { contentProblems, parseCourseFile } from './course-content.ts';
import * as repository from './courses.repository.ts';

/**
 * A school's courses (docs/product.md "Lessons and grading"): copied from a shipped template, imported or built, and
 * changed by revisions: a revision a student is enrolled on is locked, so a change then makes the next revision and
 * enrolled students stay on theirs until moved.
 */

/** The first problem of a syllabus, as a 400 naming its place. */
function requireGoodContent(content: CourseContent, scale: GradingScaleKey): void {
  const [problem] = contentProblems(content, scale);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
}

/** The school a course is made in: the actor's own (a super admin's current one). */
function requireOwnOrg(scope: RequestScope): string {
  if (!scope.actor.orgId) throw forbidden(trainingMessages.notCourseAdmin);
  return scope.actor.orgId;
}

export async function courseView(db: Executor, id: string, revisionNumber?: number): Promise<Course> {
  const course = (await repository.findCourse(db, id))!;
  const [revisions, checkInstructors] = await Promise.all([repository.listRevisions(db, id), repository.listCheckInstructors(db, id)]);
  const shown = revisionNumber === undefined ? revisions[0]! : revisions.find((entry) => entry.revision.number === revisionNumber);
  if (!shown) {
    const message = `Revision ${revisionNumber} does not exist`;
    throw badRequest(message, { revision: message });
  }
  return {
    id: course.id,
    name: course.name,
    part: course.part,
    scale: course.scale,
    template_key: course.templateKey,
    revision: shown.revision.number,
    locked: shown.revision.lockedAt !== null,
    content: shown.revision.content,
    revisions: revisions.map(({ revision, students }) => ({
      number: revision.number,
      created_at: revision.createdAt.toISOString(),
      locked: revision.lockedAt !== null,
      students,
    })),
    check_instructors: checkInstructors.map((person) => ({ skylog_id: person.skylogId, name: person.name })),
    updated_at: course.updatedAt.toISOString(),
  };
}

export async function listCourses(ctx: AppContext, { actor }: RequestScope): Promise<CourseList> {
  const orgId = courseListOrg(actor);
  const rows = orgId ? await repository.listCoursesOf(ctx.db, orgId) : [];
  return {
    courses: rows.map(({ course, revision, students }) => ({ id: course.id, name: course.name, part: course.part, scale: course.scale, revision, students })),
    templates: courseTemplates.map((template) => ({ key: template.key, name: template.name, part: template.part })),
  };
}

async function storeCourse(
  ctx: AppContext,
  scope: RequestScope,
  values: { name: string; part: Program; scale: GradingScaleKey; templateKey: string | null; content: CourseContent },
  details: Record<string, unknown>,
): Promise<Course> {
  const orgId = requireOwnOrg(scope);
  const course = await ctx.db.transaction(async (tx) => {
    const row = await repository.insertCourse(tx, { orgId, name: values.name, part: values.part, scale: values.scale, templateKey: values.templateKey, createdBy: scope.actor.skylogId });
    await repository.insertRevision(tx, { courseId: row.id, number: 1, content: values.content, createdBy: scope.actor.skylogId });
    return row;
  });
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `courses/${course.id}`, status: 'success', details: { name: course.name, ...details } });
  return courseView(ctx.db, course.id);
}

export async function createCourse(ctx: AppContext, scope: RequestScope, input: CourseCreate): Promise<Course> {
  if (input.template_key !== undefined) {
    const template = courseTemplateByKey(input.template_key);
    if (!template) throw badRequest(trainingMessages.unknownTemplate, { template_key: trainingMessages.unknownTemplate });
    return storeCourse(
      ctx,
      scope,
      { name: input.name ?? template.name, part: template.part, scale: template.scale, templateKey: template.key, content: template.content },
      { template: template.key },
    );
  }
  // The schema asked for all four when no template is named.
  const { name, part, scale, content } = input as Required<Omit<CourseCreate, 'template_key'>>;
  requireGoodContent(content, scale);
  return storeCourse(ctx, scope, { name, part, scale, templateKey: null, content }, {});
}

/** A course from a file: every bad row is reported at once and nothing is stored. */
export async function importCourse(ctx: AppContext, scope: RequestScope, input: CourseImportBody): Promise<Course> {
  const parsed = parseCourseFile(input.format, input.file, input.scale);
  if ('rows' in parsed) throw new AppError('validation_error', `The course file has ${parsed.rows.length} problem${parsed.rows.length === 1 ? '' : 's'}: nothing was imported`, undefined, parsed.rows);
  return storeCourse(ctx, scope, { name: input.name, part: input.part, scale: input.scale, templateKey: null, content: parsed.content }, { imported: input.format });
}

export async function getCourse(ctx: AppContext, scope: RequestScope, id: string, revision: number | undefined): Promise<Course> {
  await requireCourse(ctx, scope.actor, id, 'read', scope);
  return courseView(ctx.db, id, revision);
}

/** A change: written into the newest revision while nobody is enrolled on it, else into a new revision. */
export async function updateCourse(ctx: AppContext, scope: RequestScope, id: string, input: CourseUpdate): Promise<Course> {
  await requireCourse(ctx, scope.actor, id, 'manage', scope);
  const made = await ctx.db.transaction(async (tx) => {
    const latest = (await repository.lockLatestRevision(tx, id))!;
    const course = (await repository.findCourse(tx, id))!;
    const scale = input.scale ?? course.scale;
    // Grades already given were given on the old scale: once anyone was enrolled (a revision locked), it stays.
    const isScaleChange = input.scale !== undefined && input.scale !== course.scale;
    if (isScaleChange && (latest.lockedAt !== null || latest.number > 1))
      throw badRequest(trainingMessages.scaleLocked, { scale: trainingMessages.scaleLocked });
    const content = input.content ?? latest.content;
    if (input.content || input.scale) requireGoodContent(content, scale);
    if (input.name !== undefined || input.scale !== undefined) await repository.updateCourse(tx, id, { name: input.name, scale: input.scale });
    if (!input.content) return { revision: latest.number, isNew: false };
    if (latest.lockedAt === null) {
      await repository.updateRevisionContent(tx, latest.id, input.content);
      return { revision: latest.number, isNew: false };
    }
    const next = await repository.insertRevision(tx, { courseId: id, number: latest.number + 1, content: input.content, createdBy: scope.actor.skylogId });
    return { revision: next.number, isNew: true };
  });
  await ctx.audit.record({
    actor: scope.actor,
    action: scope.operation,
    resource: `courses/${id}`,
    status: 'success',
    details: { revision: made.revision, new_revision: made.isNew, changed: Object.keys(input) },
  });
  return courseView(ctx.db, id);
}

export async function setCheckInstructors(ctx: AppContext, scope: RequestScope, id: string, skylogIds: readonly string[]): Promise<Course> {
  const course = await requireCourse(ctx, scope.actor, id, 'manage', scope);
  const unique = [...new Set(skylogIds)];
  const found = new Set((await repository.findInstructorsOfOrg(ctx.db, course.orgId, unique)).map((row) => row.skylogId));
  const stranger = unique.findIndex((skylogId) => !found.has(skylogId));
  if (stranger >= 0) {
    const message = 'Only instructors of the course’s school can give its stage checks';
    throw badRequest(message, { [`skylog_ids.${stranger}`]: message });
  }
  await ctx.db.transaction((tx) => repository.replaceCheckInstructors(tx, id, unique));
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `courses/${id}`, status: 'success', details: { check_instructors: unique } });
  return courseView(ctx.db, id);
}
