import { decideRouteAccess } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';

/**
 * The browser's role gate only steers navigation; when it refuses a page it tells the server,
 * which decides again from the role it knows and audits only a real denial (counting toward alerts).
 */
export async function reportAccessDenial(ctx: AppContext, { actor, ip }: RequestScope, path: string): Promise<boolean> {
  const decision = decideRouteAccess(path, actor.role, actor.skylogId);
  if (decision.isAllowed) return false;
  await ctx.audit.recordDenial({
    actor,
    action: 'route.access',
    resource: path.split('?')[0]!,
    path,
    isSelfAccess: decision.isSelfAccess,
    reason: 'role',
    ipAddress: ip,
  });
  return true;
}
