import { markerCategories, type MarkerCategory } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import * as repository from './markers.repository.ts';

/**
 * The four rocker keys as the caller's organization shows them: its own where set, contracts' defaults otherwise.
 * Other services draw with them too (the debrief PDF, the training record), so it takes the reader, not a request.
 */
export async function getMarkerCategories(ctx: AppContext, actor: RequestUser) {
  const own = actor.orgId ? await repository.findOrgMarkerCategories(ctx.db, actor.orgId) : [];
  return {
    items: markerCategories.map((fallback) => {
      const custom = own.find((row) => row.key === fallback.key);
      return custom
        ? { key: fallback.key, text: custom.text, color: custom.color, is_default: false }
        : { key: fallback.key, text: fallback.text, color: fallback.color, is_default: true };
    }),
  };
}

export async function updateMarkerCategories(ctx: AppContext, { actor, operation }: RequestScope, categories: readonly MarkerCategory[]) {
  const orgId = actor.orgId;
  if (!orgId) throw new AppError('validation_error', 'Choose an organization first');
  // Only what differs from the defaults is stored, so later default changes still reach untouched keys.
  const changed = categories.filter((category) => {
    const fallback = markerCategories.find((item) => item.key === category.key)!;
    return category.text !== fallback.text || category.color !== fallback.color;
  });
  await ctx.db.transaction(async (tx) => repository.replaceOrgMarkerCategories(tx, orgId, changed));
  await ctx.audit.record({ actor, action: operation, resource: `orgs/${orgId}/marker-categories`, status: 'success', details: { categories } });
  return getMarkerCategories(ctx, actor);
}
