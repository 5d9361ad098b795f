import { dayIn, type reauthenticationShape } from '@skylog/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { requireReauthentication } from '../account-security/reauthenticate.ts';
import * as repository from './logbook.repository.ts';

/** Who signs, as a signature or an endorsement keeps it (AC 120-78): the instructor, their certificate and how they proved it. */
export type Signer = {
  instructorId: string;
  instructorName: string;
  certificateNumber: string;
  certificateExpires: string;
  method: 'password' | 'authenticator';
};

type SignerInput = z.infer<z.ZodObject<typeof reauthenticationShape>>;

/**
 * The instructor about to sign an entry or give an endorsement: their certificate in force that day (14 CFR 61.197
 * keeps it for 24 calendar months), their password or authenticator code given again, and their name as the
 * signature records it. The caller has decided they may sign for this student.
 */
export async function requireSigner(ctx: AppContext, scope: RequestScope, input: SignerInput, act: 'signing' | 'endorsing' | 'grading'): Promise<Signer> {
  if (input.certificate_expires < dayIn(new Date(), 'UTC')) {
    const message = `Your instructor certificate has expired: renew it before ${act}.`;
    throw badRequest(message, { certificate_expires: message });
  }
  const method = await requireReauthentication(ctx, scope, input);
  const [instructor] = await repository.findPeople(ctx.db, [scope.actor.skylogId]);
  return {
    instructorId: scope.actor.skylogId,
    instructorName: instructor?.name ?? scope.actor.email,
    certificateNumber: input.certificate_number,
    certificateExpires: input.certificate_expires,
    method,
  };
}
