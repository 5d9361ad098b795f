import type { SpeakersUpdate } from '@skylog/contracts';
import { requireTrip, tripNotFound } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { lockTripRow } from '../trips/trips.service.ts';
import { queueAnalysis } from '../analysis/queue-analysis.ts';
import * as repository from './speakers.repository.ts';

const toSpeakers = (rows: repository.TripSpeakerRow[]) => ({ speakers: rows.map(({ speaker, label }) => ({ speaker, label })) });

/** Everyone who may read the flight sees its speakers' names. */
export async function getSpeakers(ctx: AppContext, scope: RequestScope, tripId: string) {
  await requireTrip(ctx, scope.actor, tripId, 'read', scope);
  return toSpeakers(await repository.listTripSpeakers(ctx.db, tripId));
}

/** Those who may edit the flight name its speakers; the list given replaces the saved one. */
export async function updateSpeakers(ctx: AppContext, scope: RequestScope, tripId: string, input: SpeakersUpdate) {
  await requireTrip(ctx, scope.actor, tripId, 'edit', scope);
  const rows = await ctx.db.transaction(async (tx) => {
    // Holding the trip row, two saves of one flight's names run one after the other.
    if (!(await lockTripRow(tx, tripId))) throw tripNotFound();
    await repository.replaceTripSpeakers(tx, tripId, input.speakers);
    // Who is ATC decides which utterances are instructions to read back.
    await queueAnalysis(tx, tripId);
    return repository.listTripSpeakers(tx, tripId);
  });
  ctx.jobs.wake();
  await ctx.audit.record({
    actor: scope.actor,
    action: scope.operation,
    resource: `trips/${tripId}/speakers`,
    status: 'success',
    details: { speakers: rows.map(({ speaker, label }) => `${speaker}: ${label}`) },
  });
  return toSpeakers(rows);
}
