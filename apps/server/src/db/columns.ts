import { aliasedTable, eq, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { authTwoFactor, billingAccounts, orgs, subOrgs, trips, users } from './schema/index.ts';

/**
 * Column lists and orderings that several modules and the access layer read by. They live below both,
 * so no module reaches into another's repository for them (ARCHITECTURE.md, Access).
 */

/** What Skylog shows of an organization and a sub-organization (orgs.service toSubOrg reads the latter). */
export const orgColumns = { id: orgs.id, name: orgs.name };
export const subOrgColumns = { id: subOrgs.id, orgId: subOrgs.orgId, name: subOrgs.name, description: subOrgs.description };

/** People by name, case-insensitively; those without a name by their e-mail. */
export const byPersonName = sql`lower(coalesce(${users.name}, ${users.email}))`;

/** A flight without its track and transcript: what the access rules, the audio job and a change check read. */
export const tripHeaderColumns = {
  id: trips.id,
  orgId: trips.orgId,
  subOrgId: trips.subOrgId,
  skylogId: trips.skylogId,
  leftSeat: trips.leftSeat,
  rightSeat: trips.rightSeat,
  aircraftId: trips.aircraftId,
  beginTime: trips.beginTime,
  pointCount: trips.pointCount,
};

const collector = aliasedTable(users, 'collector');

/** A person as the people screens show them: their row and the names of their organization, sub-organization and cable collector. */
export type PersonRow = { user: typeof users.$inferSelect; orgName: string | null; subOrgName: string | null; collectorName: string | null };

export const personColumns = { user: users, orgName: orgs.name, subOrgName: subOrgs.name, collectorName: collector.name };

/** People with `personColumns`, before the caller's filter, order and page. */
export function selectPersonRows(db: Executor) {
  return db
    .select(personColumns)
    .from(users)
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(subOrgs, eq(subOrgs.id, users.subOrgId))
    .leftJoin(collector, eq(collector.skylogId, users.cableCollectedBy));
}

/**
 * What a signed-in request's person must show at sign-in, read with them (a session's person, an access token's
 * owner): a confirmed authenticator app, whether their organization requires one of its administrators, and
 * whether it still pays. The query joins `authTwoFactor` and `orgs` to the person.
 */
export const signInDemands = {
  hasAuthenticator: sql<boolean>`coalesce(${authTwoFactor.verified}, false)`,
  orgRequiresAdminTwoFactor: sql<boolean>`coalesce(${orgs.requireAdminTwoFactor}, false)`,
  // The organization's subscription as last read from Stripe: a past-due school's grace may end between reads.
  subscriptionStatus: sql<string | null>`(select ${billingAccounts.subscriptionStatus} from ${billingAccounts} where ${billingAccounts.orgId} = ${users.orgId})`,
  pastDueSince: sql<Date | null>`(select ${billingAccounts.pastDueSince} from ${billingAccounts} where ${billingAccounts.orgId} = ${users.orgId})`.mapWith(
    billingAccounts.pastDueSince,
  ),
};

export type SignInDemands = { [Key in keyof typeof signInDemands]: (typeof signInDemands)[Key]['_']['type'] };
