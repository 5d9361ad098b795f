import { isOrgWideRole, isSubOrgRole, messages, type Relation } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import * as repository from './relations.repository.ts';

const noOrg = '00000000-0000-0000-0000-000000000000';

function toRelation(row: repository.RelationRow) {
  return { instructor: row.instructor, student: row.student, instructor_name: row.instructorName, student_name: row.studentName };
}

/**
 * Students see their own links; sub-org admins the links touching their sub-organization; everyone
 * else the links of their organization (super_admin: the current one).
 */
export async function listRelations(ctx: AppContext, actor: RequestUser, query: { instructor?: string | undefined; student?: string | undefined }) {
  const orgId = actor.role === 'super_admin' ? actor.orgId : (actor.orgId ?? noOrg);
  const subOrgId = isSubOrgRole(actor.role) ? (actor.subOrgId ?? noOrg) : undefined;
  const student = actor.role === 'student' ? actor.skylogId : query.student;
  const rows = await repository.listRelations(ctx.db, { orgId, subOrgId, instructor: query.instructor, student });
  return { items: rows.map(toRelation), total: rows.length };
}

/**
 * Links instructors and students of one organization: admins any pair in their organization,
 * instructors (who need an organization, spec §6) pairs in theirs.
 */
async function checkPairs(ctx: AppContext, actor: RequestUser, relations: readonly Relation[], action: string, path: string) {
  if (actor.role === 'instructor' && !actor.orgId) throw new AppError(403, 'forbidden', messages.instructorNeedsOrganization);
  const ids = [...new Set(relations.flatMap((relation) => [relation.instructor, relation.student]))];
  const people = new Map((await repository.findUsersByIds(ctx.db, ids)).map((person) => [person.skylogId, person]));
  for (const [index, relation] of relations.entries()) {
    const instructor = people.get(relation.instructor);
    const student = people.get(relation.student);
    const orgId = actor.role === 'super_admin' ? instructor?.orgId : actor.orgId;
    const isInScope =
      instructor?.userType === 'instructor' &&
      student?.userType === 'student' &&
      orgId !== null &&
      instructor.orgId === orgId &&
      student.orgId === orgId &&
      (actor.role === 'super_admin' || isOrgWideRole(actor.role) || actor.role === 'instructor');
    if (!isInScope) {
      await ctx.audit.recordDenial({ actor, action, resource: `student_instructor/${relation.instructor}/${relation.student}`, path, isSelfAccess: false, reason: 'scope' });
      throw new AppError(404, 'not_found', 'Instructor or student not found in your organization', {
        [`${index}`]: 'Choose an instructor and a student of your organization',
      });
    }
  }
}

export async function createRelations(ctx: AppContext, actor: RequestUser, relations: readonly Relation[], path: string) {
  await checkPairs(ctx, actor, relations, 'relations.create', path);
  await ctx.db.transaction(async (tx) => repository.insertRelations(tx, relations));
  await ctx.audit.record({ actor, action: 'relations.create', resource: 'student_instructor', status: 'success', details: { relations } });
}

export async function deleteRelation(ctx: AppContext, actor: RequestUser, relation: Relation, path: string) {
  await checkPairs(ctx, actor, [relation], 'relations.delete', path);
  if (!(await repository.deleteRelation(ctx.db, relation.instructor, relation.student))) {
    throw new AppError(404, 'not_found', 'These two are not linked');
  }
  await ctx.audit.record({ actor, action: 'relations.delete', resource: 'student_instructor', status: 'success', details: { ...relation } });
}
