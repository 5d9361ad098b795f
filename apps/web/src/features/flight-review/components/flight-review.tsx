import { messages, type PhaseSegment, type TripDetail } from '@skylog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useAnalysis } from '../api/get-analysis.ts';
import { useClientConfig } from '../../../lib/client-config.ts';
import { useMarkerCategories } from '../api/get-marker-categories.ts';
import { useTrack } from '../api/get-track.ts';
import { useTranscript } from '../api/get-transcript.ts';
import { useTrip } from '../api/get-trip.ts';
import { useIsNarrowScreen } from '../hooks/use-is-narrow-screen.ts';
import { usePlaybackPosition } from '../hooks/use-playback-position.ts';
import { usePlaybackShortcuts } from '../hooks/use-playback-shortcuts.ts';
import { getMarkerLooks, sortMarkers } from '../utils/markers.ts';
import { momentElementId } from '../utils/moments.ts';
import { PlaybackClock } from '../utils/playback-clock.ts';
import { playbackSkipMs } from '../utils/shortcuts.ts';
import { getTimeline, isAudioPlayable } from '../utils/timeline.ts';
import { AudioPlayer } from './audio-player.tsx';
import { FlightCharts } from './flight-charts.tsx';
import { FlightHeader } from './flight-header.tsx';
import { FlightMap } from './flight-map.tsx';
import { MarkersPanel, type MarkersPanelHandle } from './markers-panel.tsx';
import { Panel, Spinner } from './panel.tsx';
import { PlayerSlotsContext, type PlayerSlots } from './player-slots.ts';
import { ShortcutsDialog, ShortcutsHint } from './shortcuts-dialog.tsx';
import { TranscriptPanel } from './transcript-panel.tsx';

// Only those who may edit a flight with audio transcribe it: its controls load for them alone.
const TranscriptGenerator = lazy(async () => ({ default: (await import('./transcript-generator.tsx')).TranscriptGenerator }));
// The analysis arrives after the flight (it is its own request), and the debrief sits below it: their panels' code
// (the debrief's form library among it) loads beside the analysis, not before the map, charts and player.
const AnalysisPanel = lazy(async () => ({ default: (await import('./analysis-panel.tsx')).AnalysisPanel }));
const DebriefNotes = lazy(async () => ({ default: (await import('./debrief-notes.tsx')).DebriefNotes }));

const noPhases: readonly PhaseSegment[] = [];

/**
 * The flight review screen: the trip and its full track in parallel, then the waveform. `viewerRole`
 * decides what the transcript panel says when no transcription provider is set up.
 */
export function FlightReview({ id, viewerRole }: { id: string; viewerRole: string | undefined }) {
  // The route's loader has already asked for everything the screen reads (api/prefetch-flight.ts).
  const trip = useTrip(id);
  if (trip.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (trip.error) {
    if (trip.error instanceof ApiError && trip.error.status === 404) {
      return (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">{messages.tripNotFound}</h2>
          <p className="text-sm text-slate-600">It may have been deleted, or it is not shared with you.</p>
          <Link to={paths.dashboard.flights.path} className="text-sm font-medium text-brand-600 hover:underline">
            Back to Flights
          </Link>
        </div>
      );
    }
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">
          {messages.fetchTripsFailed}: {trip.error.message}
        </Alert>
        <Button variant="secondary" onClick={() => void trip.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <FlightReviewScreen trip={trip.data} viewerRole={viewerRole} />;
}

function FlightReviewScreen({ trip, viewerRole }: { trip: TripDetail; viewerRole: string | undefined }) {
  const timezone = useSettingsStore((state) => state.timezone);
  const track = useTrack(trip.trip_id, trip.point_count > 0);
  const categories = useMarkerCategories();
  const config = useClientConfig();
  const [clock] = useState(() => new PlaybackClock());

  const looks = useMemo(() => getMarkerLooks(categories.data?.items), [categories.data]);
  const markers = useMemo(() => sortMarkers(trip.markers, looks), [trip.markers, looks]);
  const timeline = useMemo(() => getTimeline(trip, track.data?.timestamp), [trip, track.data]);
  const analysis = useAnalysis(trip.trip_id);
  const phases = analysis.data?.analysis?.phases;
  const moments = analysis.data?.analysis?.moments;

  // A transcription that ends (polled with the trip) has stored a new transcript: ask for it again.
  const queryClient = useQueryClient();
  const { trip_id: tripId, markers: tripMarkers, point_count: pointCount, transcript_in_progress: isTranscribing, has_transcript: hasTranscript } = trip;
  const transcript = useTranscript(tripId).data ?? null;
  const wasTranscribing = useRef(isTranscribing);
  useEffect(() => {
    if (wasTranscribing.current && !isTranscribing) void queryClient.invalidateQueries({ queryKey: tripKeys.transcript(tripId), exact: true });
    wasTranscribing.current = isTranscribing;
  }, [queryClient, tripId, isTranscribing]);

  // A new transcript, track or marker queues a new analysis on the server: ask for its state again. The
  // transcript is followed by the trip's own state of it: the transcript's first answer is no change.
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: tripKeys.analysis(tripId), exact: true });
  }, [queryClient, tripId, isTranscribing, hasTranscript, tripMarkers, pointCount]);

  const jumpToMoment = useCallback(
    (momentId: string) => {
      const moment = moments?.find((candidate) => candidate.id === momentId);
      if (!moment) return;
      clock.seek(moment.time);
      const element = document.getElementById(momentElementId(momentId));
      element?.scrollIntoView({ block: 'nearest' });
      element?.focus({ preventScroll: true });
    },
    [moments, clock],
  );

  useEffect(() => clock.setRange(timeline.startMs, timeline.endMs), [clock, timeline]);
  usePlaybackPosition(trip.trip_id, clock);

  const isNarrow = useIsNarrowScreen();
  const [dock, setDock] = useState<HTMLDivElement | null>(null);
  const togglePlay = useRef<(() => void) | null>(null);
  const slots = useMemo<PlayerSlots>(() => ({ dock, togglePlay }), [dock]);
  const markersPanel = useRef<MarkersPanelHandle>(null);
  const [isShortcutsOpen, setIsShortcutsOpen] = useState(false);
  usePlaybackShortcuts({
    'toggle-play': () => togglePlay.current?.(),
    back: () => clock.seek(clock.getTime() - playbackSkipMs),
    forward: () => clock.seek(clock.getTime() + playbackSkipMs),
    'add-marker': trip.can_edit ? () => markersPanel.current?.addMarkerNow() : null,
    'show-shortcuts': () => setIsShortcutsOpen(true),
  });

  return (
    <PlayerSlotsContext value={slots}>
      <div className="flex flex-col gap-4">
        <FlightHeader trip={trip} timezone={timezone} />
        <div className="grid gap-4 lg:grid-cols-2">
          <FlightMap
            overview={trip.track_overview}
            track={track.data}
            markers={markers}
            clock={clock}
            tileUrl={config.data?.map_tile_url ?? null}
            attribution={config.data?.map_attribution ?? null}
            timezone={timezone}
            origin={trip.origin}
            destination={trip.destination}
          />
          <FlightCharts
            tripId={trip.trip_id}
            track={track.data}
            isLoading={track.isLoading}
            error={track.error}
            markers={markers}
            phases={phases ?? noPhases}
            clock={clock}
            timezone={timezone}
          />
        </div>
        {/* Reading the transcript or the markers below, the player stays in view: under the top bar on wide
          screens; on narrow ones its controls dock at the bottom of the window (the dock below). */}
        <div className={isNarrow ? undefined : 'sticky top-14 z-10'}>
          <AudioPlayer
            trip={trip}
            timeline={timeline}
            clock={clock}
            markers={markers}
            timezone={timezone}
            actions={<ShortcutsHint onOpen={() => setIsShortcutsOpen(true)} />}
          />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <TranscriptPanel
            tripId={trip.trip_id}
            transcript={transcript}
            canEdit={trip.can_edit}
            isInProgress={trip.transcript_in_progress}
            audioStartMs={timeline.audioStartMs}
            clock={clock}
            timezone={timezone}
            generator={
              trip.can_edit && isAudioPlayable(trip) ? (
                <Suspense fallback={null}>
                  <TranscriptGenerator trip={trip} viewerRole={viewerRole} />
                </Suspense>
              ) : null
            }
          />
          <MarkersPanel
            ref={markersPanel}
            tripId={trip.trip_id}
            markers={markers}
            looks={looks}
            canEdit={trip.can_edit}
            flightStartMs={timeline.flightStartMs}
            clock={clock}
            timezone={timezone}
          />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <Suspense fallback={<PanelLoading title="Flight analysis" />}>
            <AnalysisPanel
              analysis={analysis.data}
              isLoading={analysis.isPending}
              error={analysis.error}
              flightStartMs={timeline.flightStartMs}
              clock={clock}
              timezone={timezone}
            />
          </Suspense>
          <Suspense fallback={<PanelLoading title="Debrief notes" />}>
            <DebriefNotes key={trip.trip_id} trip={trip} analysis={analysis.data} onJumpToMoment={jumpToMoment} />
          </Suspense>
        </div>
        <ShortcutsDialog isOpen={isShortcutsOpen} canEdit={trip.can_edit} onClose={() => setIsShortcutsOpen(false)} />
        {isNarrow ? <div ref={setDock} className="sticky bottom-0 z-20" /> : null}
      </div>
    </PlayerSlotsContext>
  );
}

/** A panel while its code loads: its heading, so the page does not jump, and "Loading...". */
function PanelLoading({ title }: { title: string }) {
  return (
    <Panel label={title} title={title}>
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> {messages.loading}
      </p>
    </Panel>
  );
}
