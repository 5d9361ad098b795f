import type { TripDebriefSent } from '@skylog/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** E-mails the flight's PDF debrief to its students, with times in the sender's timezone. */
export const sendDebrief = ({ tripId, timezone }: { tripId: string; timezone: string }) =>
  apiRequest<TripDebriefSent>(`/api/trips/${encodeURIComponent(tripId)}/debrief/send?timezone=${encodeURIComponent(timezone)}`, { method: 'POST' });

export const useSendDebrief = () => useMutation({ mutationFn: sendDebrief });
