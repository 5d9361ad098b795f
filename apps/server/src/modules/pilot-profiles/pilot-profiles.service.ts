import { tripScope } from '../../access/access-rules.ts';
import { requirePerson } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { findCrewMembers } from './pilot-profiles.repository.ts';

/**
 * The pilot profile of a person the caller may read (themself by default): the people they fly with, counted only in
 * flights the caller may read, so a profile never reveals a flight.
 */
export async function listPilotProfiles(ctx: AppContext, scope: RequestScope, userId: string | undefined) {
  const { actor } = scope;
  const id = userId ?? actor.skylogId;
  if (id !== actor.skylogId) await requirePerson(ctx, actor, id, 'read', scope);
  const crew = await findCrewMembers(ctx.db, tripScope(actor), id);
  return {
    items: [
      {
        id,
        user_id: id,
        crew_members: crew.map((member) => ({
          skylog_id: member.skylogId,
          name: member.name,
          email: member.email,
          flights: member.flights,
          last_flight: member.last ? new Date(member.last).toISOString() : null,
        })),
      },
    ],
  };
}
