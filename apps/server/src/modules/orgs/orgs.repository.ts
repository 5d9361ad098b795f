import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orgs, subOrgs } from '../../db/schema/index.ts';

export async function listOrgs(db: Executor) {
  return db.select({ id: orgs.id, name: orgs.name }).from(orgs).orderBy(asc(orgs.name));
}

export async function findOrg(db: Executor, id: string) {
  const [row] = await db.select({ id: orgs.id, name: orgs.name }).from(orgs).where(eq(orgs.id, id)).limit(1);
  return row;
}

export async function insertOrg(db: Executor, name: string) {
  const [row] = await db.insert(orgs).values({ name }).returning({ id: orgs.id, name: orgs.name });
  return row!;
}

export async function findSubOrg(db: Executor, id: string) {
  const [row] = await db
    .select({ id: subOrgs.id, orgId: subOrgs.orgId, name: subOrgs.name, description: subOrgs.description })
    .from(subOrgs)
    .where(eq(subOrgs.id, id))
    .limit(1);
  return row;
}
