import { aliasedTable, and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { studentInstructor, users } from '../../db/schema/index.ts';

const instructorUser = aliasedTable(users, 'instructor_user');
const studentUser = aliasedTable(users, 'student_user');

export type RelationFilter = { orgId: string | null; subOrgId?: string | undefined; instructor?: string | undefined; student?: string | undefined };

export type RelationRow = { instructor: string; student: string; instructorName: string | null; studentName: string | null };

/** Links whose instructor belongs to the organization (null: every organization). */
export async function listRelations(db: Executor, filter: RelationFilter): Promise<RelationRow[]> {
  const conditions: Array<SQL | undefined> = [
    filter.orgId ? eq(instructorUser.orgId, filter.orgId) : undefined,
    filter.subOrgId ? or(eq(instructorUser.subOrgId, filter.subOrgId), eq(studentUser.subOrgId, filter.subOrgId)) : undefined,
    filter.instructor ? eq(studentInstructor.instructor, filter.instructor) : undefined,
    filter.student ? eq(studentInstructor.student, filter.student) : undefined,
  ];
  return db
    .select({
      instructor: studentInstructor.instructor,
      student: studentInstructor.student,
      instructorName: instructorUser.name,
      studentName: studentUser.name,
    })
    .from(studentInstructor)
    .innerJoin(instructorUser, eq(instructorUser.skylogId, studentInstructor.instructor))
    .innerJoin(studentUser, eq(studentUser.skylogId, studentInstructor.student))
    .where(and(...conditions))
    .orderBy(asc(instructorUser.name), asc(studentUser.name));
}

export async function insertRelations(db: Executor, rows: ReadonlyArray<{ instructor: string; student: string }>) {
  await db.insert(studentInstructor).values([...rows]).onConflictDoNothing();
}

export async function deleteRelation(db: Executor, instructor: string, student: string): Promise<boolean> {
  const deleted = await db
    .delete(studentInstructor)
    .where(and(eq(studentInstructor.instructor, instructor), eq(studentInstructor.student, student)))
    .returning({ instructor: studentInstructor.instructor });
  return deleted.length > 0;
}
