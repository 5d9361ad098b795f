import type { emailChangeRequestSchema } from '@skylog/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type EmailChangeRequest = z.output<typeof emailChangeRequestSchema>;

/**
 * POST /api/me/email-change: 202 whether or not the new address is free (the mail to it says which);
 * a wrong current password is a 400 with `fields.password`.
 */
export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (body: EmailChangeRequest) => api.users.requestEmailChange({ body }) });
