import { messages, type Aircraft } from '@skylog/contracts';
import type { z } from 'zod';
import type { aircraftCreateSchema, aircraftListQuerySchema, aircraftUpdateSchema } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import * as repository from './aircraft.repository.ts';
import type { AircraftRow } from './aircraft.repository.ts';

const notFound = () => new AppError(404, 'not_found', messages.aircraftNotFound);
const tailTaken = () => conflict(messages.aircraftTailTaken, { tail_number: messages.aircraftTailTaken });

function toAircraft(row: AircraftRow): Aircraft {
  return { id: row.id, org_id: row.orgId, tail_number: row.tailNumber, call_sign: row.callSign, type: row.type, notes: row.notes };
}

/** The fleet is the organization's (super_admin: the current organization). */
function fleetOf(actor: RequestUser): string {
  if (!actor.orgId) throw new AppError(400, 'validation_error', 'Choose an organization first');
  return actor.orgId;
}

export async function listAircraft(ctx: AppContext, actor: RequestUser, query: z.infer<typeof aircraftListQuerySchema>) {
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

async function findInFleet(ctx: AppContext, actor: RequestUser, id: string, action: string, path: string): Promise<AircraftRow> {
  const row = await repository.findAircraft(ctx.db, id);
  if (!row) throw notFound();
  if (row.orgId !== actor.orgId) {
    await ctx.audit.recordDenial({ actor, action, resource: `aircraft/${id}`, path, isSelfAccess: false, reason: 'scope' });
    throw notFound();
  }
  return row;
}

export async function getAircraft(ctx: AppContext, actor: RequestUser, id: string, path: string): Promise<Aircraft> {
  return toAircraft(await findInFleet(ctx, actor, id, 'aircraft.read', path));
}

export async function createAircraft(ctx: AppContext, actor: RequestUser, input: z.infer<typeof aircraftCreateSchema>): Promise<Aircraft> {
  try {
    const row = await repository.insertAircraft(ctx.db, {
      orgId: fleetOf(actor),
      tailNumber: input.tail_number,
      callSign: input.call_sign,
      type: input.type,
      notes: input.notes,
    });
    await ctx.audit.record({ actor, action: 'aircraft.create', resource: `aircraft/${row.id}`, status: 'success', details: { tail_number: row.tailNumber } });
    return toAircraft(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw tailTaken();
    throw error;
  }
}

export async function updateAircraft(ctx: AppContext, actor: RequestUser, id: string, input: z.infer<typeof aircraftUpdateSchema>, path: string) {
  await findInFleet(ctx, actor, id, 'aircraft.update', path);
  try {
    const row = await repository.updateAircraft(ctx.db, id, {
      ...(input.tail_number !== undefined ? { tailNumber: input.tail_number } : {}),
      ...(input.call_sign !== undefined ? { callSign: input.call_sign } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
    });
    await ctx.audit.record({ actor, action: 'aircraft.update', resource: `aircraft/${id}`, status: 'success' });
    return toAircraft(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw tailTaken();
    throw error;
  }
}

export async function deleteAircraft(ctx: AppContext, actor: RequestUser, id: string, path: string) {
  const row = await findInFleet(ctx, actor, id, 'aircraft.delete', path);
  await repository.deleteAircraft(ctx.db, id);
  await ctx.audit.record({ actor, action: 'aircraft.delete', resource: `aircraft/${id}`, status: 'success', details: { tail_number: row.tailNumber } });
}
