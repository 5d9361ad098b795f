import type { Relation } from '@skylog/contracts';
import { linkScope } from '../../access/access-rules.ts';
import { requireLinks } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import * as repository from './relations.repository.ts';
import type { RelationFilter, RelationRow } from './relations.repository.ts';

function toRelation(row: repository.RelationRow) {
  return { instructor: row.instructor, student: row.student, instructor_name: row.instructorName, student_name: row.studentName };
}

/** The links in the caller's scope (access-rules.ts linkScope), narrowed by instructor or student. */
export async function listRelations(ctx: AppContext, { actor }: RequestScope, query: { instructor?: string | undefined; student?: string | undefined }) {
  const links = linkScope(actor);
  if (links.isEmpty) return { items: [], total: 0 };
  const rows = await repository.listRelations(ctx.db, {
    orgId: links.orgId,
    subOrgId: links.subOrgId,
    instructor: query.instructor,
    student: links.student ?? query.student,
  });
  return { items: rows.map(toRelation), total: rows.length };
}

export async function createRelations(ctx: AppContext, scope: RequestScope, relations: readonly Relation[]) {
  await requireLinks(ctx, scope.actor, relations, scope);
  await ctx.db.transaction(async (tx) => repository.insertRelations(tx, relations));
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: 'student_instructor', status: 'success', details: { relations } });
}

export async function deleteRelation(ctx: AppContext, scope: RequestScope, relation: Relation) {
  await requireLinks(ctx, scope.actor, [relation], scope);
  if (!(await repository.deleteRelation(ctx.db, relation.instructor, relation.student))) throw notFound('These two are not linked');
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: 'student_instructor', status: 'success', details: { ...relation } });
}

// For other modules: each decides nothing; its caller has.

/** The links `filter` selects, by instructor and student name (the training record's students of an instructor). */
export function findLinks(db: Executor, filter: RelationFilter): Promise<RelationRow[]> {
  return repository.listRelations(db, filter);
}

/** Links instructors and students (an instructor's invitation links the student who accepts it); existing links stay. */
export function insertLinks(db: Executor, rows: ReadonlyArray<{ instructor: string; student: string }>): Promise<void> {
  return repository.insertRelations(db, rows);
}
