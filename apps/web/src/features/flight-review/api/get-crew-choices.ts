import type { CrewChoices } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getCrewChoices = (signal?: AbortSignal) => apiRequest<CrewChoices>('/api/trips/crew-choices', { signal });

/** Whom the signed-in person may put in a seat (the server's seat rule), for the Edit flight form. */
export const useCrewChoices = (isEnabled: boolean) =>
  useQuery(queryOptions({ queryKey: ['crew-choices'], queryFn: ({ signal }) => getCrewChoices(signal), enabled: isEnabled }));
