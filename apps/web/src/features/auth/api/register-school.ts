import type { schoolRegistrationAcceptedSchema, schoolRegistrationSchema } from '@skylog/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type RegisterSchoolInput = z.input<typeof schoolRegistrationSchema>;
export type SchoolRegistrationAccepted = z.infer<typeof schoolRegistrationAcceptedSchema>;

/**
 * POST /api/registration/school: 202 with the address alike for a new and an already used e-mail
 * (nobody learns who has an account); 429 when one address registers too often.
 */
export const registerSchool = (input: RegisterSchoolInput) =>
  apiRequest<SchoolRegistrationAccepted>('/api/registration/school', { method: 'POST', body: input });

export const useRegisterSchool = () => useMutation({ mutationFn: registerSchool });
