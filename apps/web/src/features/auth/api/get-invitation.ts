import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const useInvitation = (token: string) =>
  useQuery({ ...api.registration.readInvitation.query({ params: { token } }), enabled: token !== '' });
