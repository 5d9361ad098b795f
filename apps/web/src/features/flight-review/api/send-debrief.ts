import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** E-mails the flight's PDF debrief to its students, with times in the sender's timezone. */
export const useSendDebrief = () =>
  useMutation({ mutationFn: ({ tripId, timezone }: { tripId: string; timezone: string }) => api.debrief.send({ params: { id: tripId }, query: { timezone } }) });
