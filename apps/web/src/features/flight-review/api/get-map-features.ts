import type { MapBounds, MapFeatures } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { mapFeatureKeys } from '../../../lib/query-keys.ts';

export const getMapFeatures = (bounds: MapBounds, signal?: AbortSignal) =>
  apiRequest<MapFeatures>(`/api/map/features?${new URLSearchParams(Object.entries(bounds).map(([key, value]) => [key, String(value)]))}`, {
    signal,
  });

/**
 * The offline base map around what the flight map shows: asked for only once the track is on the map
 * (`bounds` null until then), kept for the session (a box always answers the same), and the last one
 * stays drawn while the map asks for a new box.
 */
export const useMapFeatures = (bounds: MapBounds | null) =>
  useQuery(
    queryOptions({
      queryKey: mapFeatureKeys.area(bounds),
      queryFn: ({ signal }) => getMapFeatures(bounds!, signal),
      enabled: bounds !== null,
      staleTime: Infinity,
      placeholderData: keepPreviousData,
    }),
  );
