import type { MarkerCategory, markerCategoryListSchema } from '@skylog/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { markerCategoryKeys } from '../../../lib/query-keys.ts';

export type MarkerCategoryList = z.infer<typeof markerCategoryListSchema>;

export const getMarkerCategories = (signal?: AbortSignal) => apiRequest<MarkerCategoryList>('/api/marker-categories', { signal });

export const updateMarkerCategories = (categories: MarkerCategory[]) =>
  apiRequest<MarkerCategoryList>('/api/marker-categories', { method: 'PUT', body: { categories } });

export const useMarkerCategories = () =>
  useQuery(queryOptions({ queryKey: markerCategoryKeys.all, queryFn: ({ signal }) => getMarkerCategories(signal) }));

export const useUpdateMarkerCategories = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMarkerCategories, onSuccess: (data) => queryClient.setQueryData(markerCategoryKeys.all, data) });
};
