import type { MapBounds } from '@skylog/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * The offline base map around what the flight map shows: asked for only once the track is on the map
 * (`bounds` null until then), kept for the session (a box always answers the same), and the last one
 * stays drawn while the map asks for a new box.
 */
export const useMapFeatures = (bounds: MapBounds | null) =>
  useQuery({
    ...api.map.readFeatures.query({ query: bounds! }),
    enabled: bounds !== null,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
