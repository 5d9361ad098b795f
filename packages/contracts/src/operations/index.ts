import { accessTokensOperations } from './access-tokens.ts';
import { accountSecurityOperations } from './account-security.ts';
import { aircraftOperations } from './aircraft.ts';
import { analysisOperations } from './analysis.ts';
import { audioOperations } from './audio.ts';
import { auditOperations } from './audit.ts';
import { billingOperations } from './billing.ts';
import { clientConfigOperations } from './client-config.ts';
import { coursesOperations } from './courses.ts';
import { debriefOperations } from './debrief.ts';
import { healthOperations } from './health.ts';
import { manualMarkersOperations } from './manual-markers.ts';
import { logbookOperations } from './logbook.ts';
import { mapOperations } from './map.ts';
import { markersOperations } from './markers.ts';
import { orgsOperations } from './orgs.ts';
import { overviewOperations } from './overview.ts';
import { peopleOperations } from './people.ts';
import { pilotProfilesOperations } from './pilot-profiles.ts';
import { registrationOperations } from './registration.ts';
import { relationsOperations } from './relations.ts';
import { speakersOperations } from './speakers.ts';
import { trainingOperations } from './training.ts';
import { transcriptionOperations } from './transcription.ts';
import { tripsOperations } from './trips.ts';
import { usersOperations } from './users.ts';
import type { ApiAccess, Operation } from './define.ts';

export * from './define.ts';

/**
 * Every API operation Skylog serves, by group (one file per server module) and the client's method name:
 * `operations.aircraft.read` is GET /api/aircraft/:id. The server registers its routes from this table, the web
 * calls them through the client built from it (apps/web/src/lib/api.ts), and the API document is generated
 * from the routes it registers.
 */
export const operations = {
  accessTokens: accessTokensOperations,
  accountSecurity: accountSecurityOperations,
  aircraft: aircraftOperations,
  analysis: analysisOperations,
  audio: audioOperations,
  audit: auditOperations,
  billing: billingOperations,
  clientConfig: clientConfigOperations,
  courses: coursesOperations,
  debrief: debriefOperations,
  health: healthOperations,
  manualMarkers: manualMarkersOperations,
  logbook: logbookOperations,
  map: mapOperations,
  markers: markersOperations,
  orgs: orgsOperations,
  overview: overviewOperations,
  people: peopleOperations,
  pilotProfiles: pilotProfilesOperations,
  registration: registrationOperations,
  relations: relationsOperations,
  speakers: speakersOperations,
  training: trainingOperations,
  transcription: transcriptionOperations,
  trips: tripsOperations,
  users: usersOperations,
} as const;

export type Operations = typeof operations;
export type OperationGroupName = keyof Operations;

/** One operation of the table with its group and the client's method name, as the server and the tests walk them. */
export type OperationEntry = { group: OperationGroupName; key: string; operation: Operation };

export const operationList: readonly OperationEntry[] = (Object.keys(operations) as OperationGroupName[]).flatMap((group) =>
  Object.entries(operations[group] as Readonly<Record<string, Operation>>).map(([key, operation]) => ({ group, key, operation })),
);

/** The access and audit names the table declares. */
export type TableOperationName = {
  [Group in OperationGroupName]: { [Key in keyof Operations[Group]]: Operations[Group][Key] extends Operation ? Operations[Group][Key]['name'] : never }[keyof Operations[Group]];
}[OperationGroupName];

/**
 * Who may call each operation name. Routes that perform the same operation must agree, or Skylog would
 * check a different rule depending on which of them was called; the table refuses to load otherwise.
 */
export const tableAccess: Readonly<Record<TableOperationName, ApiAccess>> = (() => {
  const access: Record<string, ApiAccess> = {};
  for (const { operation } of operationList) {
    const earlier = access[operation.name];
    if (earlier !== undefined && JSON.stringify(earlier) !== JSON.stringify(operation.access)) {
      throw new Error(`Operation ${operation.name} declares different access on ${operation.method} ${operation.path}`);
    }
    access[operation.name] = operation.access;
  }
  return access as Record<TableOperationName, ApiAccess>;
})();
