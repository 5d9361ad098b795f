import type { markerCategoryListSchema } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { markerCategoryKeys } from '../../../lib/query-keys.ts';

export type MarkerCategoryList = z.infer<typeof markerCategoryListSchema>;

export const getMarkerCategories = (signal?: AbortSignal) => apiRequest<MarkerCategoryList>('/api/marker-categories', { signal });

/** The organization's labels and colours of rocker keys 1–4 (the same cache entry the markers settings use). */
export const markerCategoriesQueryOptions = () => queryOptions({ queryKey: markerCategoryKeys.all, queryFn: ({ signal }) => getMarkerCategories(signal) });

export const useMarkerCategories = () => useQuery(markerCategoriesQueryOptions());
