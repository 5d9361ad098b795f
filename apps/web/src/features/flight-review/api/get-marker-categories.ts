import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The organization's labels and colours of rocker keys 1–4 (the same cache entry the markers settings use). */
export const markerCategoriesQueryOptions = () => api.markers.read.query();

export const useMarkerCategories = () => useQuery(markerCategoriesQueryOptions());
