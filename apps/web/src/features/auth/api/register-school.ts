import type { schoolRegistrationSchema } from '@skylog/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type RegisterSchoolInput = z.input<typeof schoolRegistrationSchema>;

/**
 * POST /api/registration/school: 202 with the address alike for a new and an already used e-mail
 * (nobody learns who has an account); 429 when one address registers too often.
 */
export const useRegisterSchool = () =>
  useMutation({ mutationFn: (body: RegisterSchoolInput) => api.registration.registerSchool({ body }) });
