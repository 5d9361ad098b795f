import { messages, rateLimitedMessage } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { findPasswordHash } from './users.repository.ts';

/**
 * A change to how someone signs in (their e-mail, a factor, recovery codes) asks for their current
 * password, so a session left open cannot make it. Counted like sign-in, so it is no guessing oracle.
 */
export async function requireCurrentPassword(ctx: AppContext, actor: RequestUser, password: string, ip: string): Promise<void> {
  const retryAfter = await ctx.rateLimits.passwordCheck.reserve(ip, actor.skylogId);
  if (retryAfter !== null) throw new AppError('rate_limited', rateLimitedMessage(retryAfter));
  const hash = actor.authId ? await findPasswordHash(ctx.db, actor.authId) : null;
  if (!hash || !(await verifyPassword(hash, password))) throw badRequest(messages.wrongPassword, { password: messages.wrongPassword });
  await ctx.rateLimits.passwordCheck.release(ip, actor.skylogId);
}
