import { messages, type Aircraft } from '@skylog/contracts';
import type { z } from 'zod';
import type { aircraftCreateSchema, aircraftListQuerySchema, aircraftUpdateSchema } from '@skylog/contracts';
import { requireAircraft } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { requeueAnalyses } from '../analysis/analysis.service.ts';
import * as repository from './aircraft.repository.ts';
import type { AircraftRow } from './aircraft.repository.ts';

const tailTaken = () => conflict(messages.aircraftTailTaken, { tail_number: messages.aircraftTailTaken });

function toAircraft(row: AircraftRow): Aircraft {
  return {
    id: row.id,
    org_id: row.orgId,
    tail_number: row.tailNumber,
    call_sign: row.callSign,
    type: row.type,
    category: row.category,
    notes: row.notes,
  };
}

/** The fleet is the organization's (super_admin: the current organization). */
function fleetOf(actor: RequestUser): string {
  if (!actor.orgId) throw badRequest('Choose an organization first');
  return actor.orgId;
}

export async function listAircraft(ctx: AppContext, { actor }: RequestScope, query: z.infer<typeof aircraftListQuerySchema>) {
  if (!actor.orgId) return { items: [], total: 0 };
  const { items, total } = await repository.listAircraft(
    ctx.db,
    { orgId: actor.orgId, search: query.search },
    { field: query.sort, order: query.order },
    query.page * query.page_size,
    query.page_size,
  );
  return { items: items.map(toAircraft), total };
}

export async function getAircraft(ctx: AppContext, scope: RequestScope, id: string): Promise<Aircraft> {
  return toAircraft(await requireAircraft(ctx, scope.actor, id, scope, { fromMemory: true }));
}

export async function createAircraft(ctx: AppContext, { actor, operation }: RequestScope, input: z.infer<typeof aircraftCreateSchema>): Promise<Aircraft> {
  try {
    const row = await repository.insertAircraft(ctx.db, {
      orgId: fleetOf(actor),
      tailNumber: input.tail_number,
      callSign: input.call_sign,
      type: input.type,
      category: input.category,
      notes: input.notes,
    });
    await ctx.audit.record({
      actor,
      action: operation,
      resource: `aircraft/${row.id}`,
      status: 'success',
      details: { tail_number: row.tailNumber },
    });
    return toAircraft(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw tailTaken();
    throw error;
  }
}

export async function updateAircraft(ctx: AppContext, scope: RequestScope, id: string, input: z.infer<typeof aircraftUpdateSchema>) {
  const current = await requireAircraft(ctx, scope.actor, id, scope);
  const changes = {
    ...(input.tail_number !== undefined ? { tailNumber: input.tail_number } : {}),
    ...(input.call_sign !== undefined ? { callSign: input.call_sign } : {}),
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
  };
  // An empty PATCH changes nothing and is not an error.
  if (Object.keys(changes).length === 0) return toAircraft(current);
  try {
    const row = await repository.updateAircraft(ctx.db, id, changes);
    await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `aircraft/${id}`, status: 'success' });
    // Its flights' phases and landings follow the category's rules, and which radio calls were theirs follows
    // the call sign and tail number: analyse them again by the new ones.
    const isChanged = <K extends 'category' | 'callSign' | 'tailNumber'>(key: K) =>
      changes[key] !== undefined && changes[key] !== current[key];
    if (isChanged('category') || isChanged('callSign') || isChanged('tailNumber')) await requeueAnalyses(ctx, { aircraftId: id });
    return toAircraft(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw tailTaken();
    throw error;
  }
}

export async function deleteAircraft(ctx: AppContext, scope: RequestScope, id: string) {
  const row = await requireAircraft(ctx, scope.actor, id, scope);
  await repository.deleteAircraft(ctx.db, id);
  await ctx.audit.record({
    actor: scope.actor,
    action: scope.operation,
    resource: `aircraft/${id}`,
    status: 'success',
    details: { tail_number: row.tailNumber },
  });
}

/** How many aircraft the organization's fleet holds (the overview's figure, counted as the fleet list counts). */
export async function countAircraft(ctx: AppContext, orgId: string): Promise<number> {
  return (await repository.listAircraft(ctx.db, { orgId }, { field: 'tail_number', order: 'asc' }, 0, 0)).total;
}
