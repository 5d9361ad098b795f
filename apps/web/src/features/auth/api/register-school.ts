import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type RegisterSchoolInput = { school_name: string; name: string; email: string; password: string };

export const registerSchool = (input: RegisterSchoolInput) =>
  apiRequest<{ skylog_id: string; email: string; org_id: string }>('/api/registration/school', { method: 'POST', body: input });

export const useRegisterSchool = () => useMutation({ mutationFn: registerSchool });
