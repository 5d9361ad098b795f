import type { MarkerCategory, markerCategoryListSchema } from '@skylog/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type MarkerCategoryList = z.infer<typeof markerCategoryListSchema>;

export const useMarkerCategories = () => useQuery(api.markers.read.query());

/** The answer is the organization's new categories: it replaces what every screen read. */
export const useUpdateMarkerCategories = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categories: MarkerCategory[]) => api.markers.update({ body: { categories } }),
    onSuccess: (data) => queryClient.setQueryData(api.markers.read.key(), data),
  });
};
