import { decideRouteAccess, type Me } from '@skylog/contracts';

/**
 * Whether the signed-in person may open `path`, by contracts' route table (the gate and the menu decide
 * the same way), so a link or button to a screen shows only to those the screen would let in. A route
 * pattern (`/dashboard/flights/:id`) answers for any flight.
 */
export function canOpen(me: Pick<Me, 'user_type' | 'skylog_id'> | undefined, path: string): boolean {
  return me !== undefined && decideRouteAccess(path, me.user_type, me.skylog_id).isAllowed;
}
