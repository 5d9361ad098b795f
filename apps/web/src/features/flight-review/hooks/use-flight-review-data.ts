import type { TripDetail } from '@skylog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useClientConfig } from '../../../lib/client-config.ts';
import { analysisKey, useAnalysis } from '../api/get-analysis.ts';
import { useMarkerCategories } from '../api/get-marker-categories.ts';
import { useTrack } from '../api/get-track.ts';
import { transcriptKey, useTranscript } from '../api/get-transcript.ts';
import { getMarkerLooks, sortMarkers } from '../utils/markers.ts';
import { getTimeline } from '../utils/timeline.ts';

/**
 * Everything the flight screen reads besides the trip, and what is derived from it: the full track, the
 * markers in the organization's looks, the timeline of track and audio, the analysis and the transcript.
 * The route's loader has already asked for all of it (api/prefetch-flight.ts).
 */
export function useFlightReviewData(trip: TripDetail) {
  const track = useTrack(trip.trip_id, trip.point_count > 0);
  const categories = useMarkerCategories();
  const config = useClientConfig();
  const analysis = useAnalysis(trip.trip_id);
  const transcript = useTranscript(trip.trip_id).data ?? null;
  useReadAgainWhenServerWorkEnds(trip);

  const looks = useMemo(() => getMarkerLooks(categories.data?.items), [categories.data]);
  const markers = useMemo(() => sortMarkers(trip.markers, looks), [trip.markers, looks]);
  const timeline = useMemo(() => getTimeline(trip, track.data?.timestamp), [trip, track.data]);
  return { track, looks, markers, timeline, analysis, transcript, config: config.data };
}

/**
 * What this screen changes reads itself again (each mutation's onSuccess). Work the server finishes on its
 * own is seen only on the trip, polled while it runs: a transcription that ends has stored a new transcript
 * and queued a new analysis, and a track that changed (sent by the recorder or imported meanwhile) has
 * queued a new analysis too. Those answers are the signal to read them again; the first one is no change.
 */
function useReadAgainWhenServerWorkEnds({ trip_id: tripId, transcript_in_progress: isTranscribing, point_count: pointCount }: TripDetail) {
  const queryClient = useQueryClient();
  const seen = useRef({ tripId, isTranscribing, pointCount });
  useEffect(() => {
    const before = seen.current;
    seen.current = { tripId, isTranscribing, pointCount };
    if (before.tripId !== tripId) return;
    const hasTranscriptionEnded = before.isTranscribing && !isTranscribing;
    if (hasTranscriptionEnded) void queryClient.invalidateQueries({ queryKey: transcriptKey(tripId), exact: true });
    if (hasTranscriptionEnded || before.pointCount !== pointCount) void queryClient.invalidateQueries({ queryKey: analysisKey(tripId), exact: true });
  }, [queryClient, tripId, isTranscribing, pointCount]);
}
