import type { emailChangeRequestedSchema, emailChangeRequestSchema } from '@skylog/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type EmailChangeRequest = z.output<typeof emailChangeRequestSchema>;
export type EmailChangeRequested = z.infer<typeof emailChangeRequestedSchema>;

/**
 * POST /api/me/email-change: 202 whether or not the new address is free (the mail to it says which);
 * a wrong current password is a 400 with `fields.password`.
 */
export const requestEmailChange = (input: EmailChangeRequest) =>
  apiRequest<EmailChangeRequested>('/api/me/email-change', { method: 'POST', body: input });

export const useRequestEmailChange = () => useMutation({ mutationFn: requestEmailChange });
