import { messages, type PhaseSegment, type TripDetail } from '@skylog/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useFlightPlayback } from '../hooks/use-flight-playback.ts';
import { useFlightReviewData } from '../hooks/use-flight-review-data.ts';
import { useIsNarrowScreen } from '../hooks/use-is-narrow-screen.ts';
import { isAudioPlayable } from '../utils/timeline.ts';
import { AudioPlayer } from './audio-player.tsx';
import { FlightCharts } from './flight-charts.tsx';
import { FlightHeader } from './flight-header.tsx';
import { FlightMap } from './flight-map.tsx';
import { MarkersPanel } from './markers-panel.tsx';
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

/** The flight review screen's layout: the map and charts, the player, the transcript and markers, then the analysis and debrief. */
export function FlightReviewScreen({ trip, viewerRole }: { trip: TripDetail; viewerRole: string | undefined }) {
  const timezone = useSettingsStore((state) => state.timezone);
  const { track, looks, markers, timeline, analysis, transcript, config } = useFlightReviewData(trip);
  const playback = useFlightPlayback({ tripId: trip.trip_id, timeline, moments: analysis.data?.analysis?.moments, canEdit: trip.can_edit });
  const { clock } = playback;

  // On narrow screens the player's controls dock at the bottom of the window.
  const isNarrow = useIsNarrowScreen();
  const [dock, setDock] = useState<HTMLDivElement | null>(null);
  const slots = useMemo<PlayerSlots>(() => ({ dock, togglePlay: playback.togglePlay }), [dock, playback.togglePlay]);

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
            tileUrl={config?.map_tile_url ?? null}
            attribution={config?.map_attribution ?? null}
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
            phases={analysis.data?.analysis?.phases ?? noPhases}
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
            actions={<ShortcutsHint onOpen={() => playback.setIsShortcutsOpen(true)} />}
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
            ref={playback.markersPanel}
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
            <DebriefNotes key={trip.trip_id} trip={trip} analysis={analysis.data} onJumpToMoment={playback.jumpToMoment} />
          </Suspense>
        </div>
        <ShortcutsDialog isOpen={playback.isShortcutsOpen} canEdit={trip.can_edit} onClose={() => playback.setIsShortcutsOpen(false)} />
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
