import type { CrewChoices } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getCrewChoices = (signal?: AbortSignal) => apiRequest<CrewChoices>('/api/trips/crew-choices', { signal });

/** Whom the uploader may seat and the crew a new flight of theirs starts with (the server's rule and presets). */
export const useCrewChoices = () => useQuery(queryOptions({ queryKey: ['crew-choices'], queryFn: ({ signal }) => getCrewChoices(signal) }));
