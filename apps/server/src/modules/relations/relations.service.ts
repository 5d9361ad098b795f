import type { Relation } from '@skylog/contracts';
import { linkScope } from '../../access/access-rules.ts';
import { requireLinks } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import * as repository from './relations.repository.ts';

function toRelation(row: repository.RelationRow) {
  return { instructor: row.instructor, student: row.student, instructor_name: row.instructorName, student_name: row.studentName };
}

/** The links in the caller's scope (access-rules.ts linkScope), narrowed by instructor or student. */
export async function listRelations(ctx: AppContext, actor: RequestUser, query: { instructor?: string | undefined; student?: string | undefined }) {
  const scope = linkScope(actor);
  if (scope.isEmpty) return { items: [], total: 0 };
  const rows = await repository.listRelations(ctx.db, {
    orgId: scope.orgId,
    subOrgId: scope.subOrgId,
    instructor: query.instructor,
    student: scope.student ?? query.student,
  });
  return { items: rows.map(toRelation), total: rows.length };
}

export async function createRelations(ctx: AppContext, actor: RequestUser, relations: readonly Relation[], path: string) {
  await requireLinks(ctx, actor, relations, { operation: 'relations.create', path });
  await ctx.db.transaction(async (tx) => repository.insertRelations(tx, relations));
  await ctx.audit.record({ actor, action: 'relations.create', resource: 'student_instructor', status: 'success', details: { relations } });
}

export async function deleteRelation(ctx: AppContext, actor: RequestUser, relation: Relation, path: string) {
  await requireLinks(ctx, actor, [relation], { operation: 'relations.delete', path });
  if (!(await repository.deleteRelation(ctx.db, relation.instructor, relation.student))) throw notFound('These two are not linked');
  await ctx.audit.record({ actor, action: 'relations.delete', resource: 'student_instructor', status: 'success', details: { ...relation } });
}
