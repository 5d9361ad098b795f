import { limits, messages } from '@skylog/contracts';
import type { z } from 'zod';
import type { emailChangeRequestSchema } from '@skylog/contracts';
import { emailChangeConfirmEmail, emailChangedNoticeEmail, emailChangeTakenEmail } from '../../integrations/email/templates.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token.ts';
import { isEmailTaken } from '../accounts/accounts.service.ts';
import { endSessions } from '../people/people.service.ts';
import { requireCurrentPassword } from './current-password.ts';
import * as repository from './users.repository.ts';

const lifetimeMs = limits.emailChangeLifetimeHours * 3600 * 1000;

/**
 * Only the owner changes their sign-in e-mail (docs/product.md "Sign-in e-mail and password"). They prove it is them
 * (their password), the new address proves it is theirs (a link), the old address is told, and their other sessions
 * end. The answer is the same whether the new address is free or not: the e-mail to that address says which, so nobody
 * learns here who has an account.
 */
export async function requestEmailChange(ctx: AppContext, { actor, ip }: RequestScope, input: z.infer<typeof emailChangeRequestSchema>) {
  await requireCurrentPassword(ctx, actor, input.password, ip);

  const person = await repository.findUserById(ctx.db, actor.skylogId);
  if (!person) throw notFound(messages.userNotFound);
  const newEmail = input.new_email;
  if (newEmail === person.email.toLowerCase()) throw badRequest('This is already your sign-in e-mail.', { new_email: 'This is already your sign-in e-mail.' });

  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await ctx.db.transaction(async (tx) => {
    await repository.closeEmailChangesOf(tx, actor.skylogId);
    await repository.insertEmailChange(tx, {
      skylogId: actor.skylogId,
      newEmail,
      tokenHash: hashSecretToken(token),
      requestedBySession: actor.sessionToken,
      expiresAt,
    });
  });
  if (await isEmailTaken(ctx.db, newEmail)) {
    await ctx.email.send(emailChangeTakenEmail(newEmail));
  } else {
    const url = `${ctx.config.appUrl}/auth/confirm?email_change_token=${encodeURIComponent(token)}`;
    await ctx.email.send(emailChangeConfirmEmail(newEmail, person.name ?? person.email, url, limits.emailChangeLifetimeHours));
  }
  await ctx.audit.record({ actor, action: 'users.email-change-requested', resource: `users/${actor.skylogId}`, status: 'success', details: { to: newEmail } });
  return { new_email: newEmail, expires_at: expiresAt.toISOString() };
}

/** The link from the new address: the change takes effect, the other sessions end, the old address is told. */
export async function confirmEmailChange(ctx: AppContext, token: string) {
  const invalid = () => notFound(messages.emailChangeInvalid);
  let changed: { skylogId: string; oldEmail: string; newEmail: string; name: string | null; orgId: string | null; role: string };
  try {
    changed = await ctx.db.transaction(async (tx) => {
      const change = await repository.claimEmailChange(tx, hashSecretToken(token));
      if (!change) throw invalid();
      const person = await repository.findUserById(tx, change.skylogId);
      if (!person?.authId) throw invalid();
      if (await isEmailTaken(tx, change.newEmail)) throw conflict(messages.emailTaken, { email: messages.emailTaken });
      await repository.updateUser(tx, person.skylogId, { email: change.newEmail });
      await repository.updateAuthIdentity(tx, person.authId, { email: change.newEmail, emailVerified: true });
      await endSessions(tx, person.authId, change.requestedBySession);
      return { skylogId: person.skylogId, oldEmail: person.email, newEmail: change.newEmail, name: person.name, orgId: person.orgId, role: person.userType };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailTaken, { email: messages.emailTaken });
    throw error;
  }
  await ctx.email.send(emailChangedNoticeEmail(changed.oldEmail, changed.name ?? changed.oldEmail, changed.newEmail));
  await ctx.audit.record({
    actor: { skylogId: changed.skylogId, role: changed.role as RequestUser['role'], orgId: changed.orgId },
    action: 'users.email-change',
    resource: `users/${changed.skylogId}`,
    status: 'success',
    details: { from: changed.oldEmail, to: changed.newEmail },
  });
  return { email: changed.newEmail };
}
