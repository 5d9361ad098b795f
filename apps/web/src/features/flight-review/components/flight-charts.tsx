import { flightPhaseLabels, messages, phaseColours, type PhaseSegment, type TrackColumns } from '@skylog/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Alert } from '../../../components/ui/alert.tsx';
import type { Timezone } from '../../../lib/settings-store.ts';
import type { ReviewMarker } from '../utils/markers.ts';
import type { PlaybackClock } from '../utils/playback-clock.ts';
import { getTimeLabel } from '../utils/time-labels.ts';
import { findNearestIndex, getChartData } from '../utils/track.ts';
import { Panel, Spinner } from './panel.tsx';

type FlightChartsProps = {
  tripId: string;
  track: TrackColumns | undefined;
  isLoading: boolean;
  error: Error | null;
  markers: readonly ReviewMarker[];
  /** The analysis's phases, drawn as a strip along the altitude chart's time axis. */
  phases: readonly PhaseSegment[];
  clock: PlaybackClock;
  timezone: Timezone;
};

const noPhases: readonly PhaseSegment[] = [];

/**
 * Whether a person's pointer is over either chart: then both cursors follow it (uPlot's cursor sync),
 * otherwise they rest on the playback time. `followers` put them back when the pointer leaves.
 */
type HoverState = { isHovering: boolean; followers: Set<() => void> };

export function FlightCharts({ tripId, track, isLoading, error, markers, phases, clock, timezone }: FlightChartsProps) {
  const data = useMemo(() => (track ? getChartData(track) : null), [track]);
  const [hover] = useState<HoverState>(() => ({ isHovering: false, followers: new Set() }));
  const syncKey = `flight-${tripId}`;

  return (
    <Panel label="Flight charts" title="Altitude and ground speed">
      {error ? (
        <Alert tone="error">
          {messages.fetchTripsFailed}: {error.message}
        </Alert>
      ) : isLoading ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {messages.loading}
        </p>
      ) : !data || data.seconds.length === 0 ? (
        <p className="text-sm text-slate-600">No track recorded for this flight.</p>
      ) : (
        <>
          <TrackChart
            label="Altitude chart"
            name="Altitude"
            unit="ft"
            colour="#2563eb"
            seconds={data.seconds}
            values={data.altitudeFt}
            markers={markers}
            phases={phases}
            clock={clock}
            timezone={timezone}
            syncKey={syncKey}
            hover={hover}
          />
          <TrackChart
            label="Ground speed chart"
            name="Ground speed"
            unit="kt"
            colour="#0d9488"
            seconds={data.seconds}
            values={data.speedKt}
            markers={markers}
            phases={noPhases}
            clock={clock}
            timezone={timezone}
            syncKey={syncKey}
            hover={hover}
          />
        </>
      )}
    </Panel>
  );
}

type TrackChartProps = {
  label: string;
  name: string;
  unit: string;
  colour: string;
  seconds: number[];
  values: (number | null)[];
  markers: readonly ReviewMarker[];
  phases: readonly PhaseSegment[];
  clock: PlaybackClock;
  timezone: Timezone;
  syncKey: string;
  hover: HoverState;
};

/** A strip of coloured phases along the bottom of the plot area, placed by uPlot's own time scale. */
function createPhaseStrip(phases: readonly PhaseSegment[], timezone: Timezone) {
  const strip = document.createElement('div');
  strip.dataset.testid = 'phase-strip';
  strip.setAttribute('role', 'img');
  strip.setAttribute(
    'aria-label',
    `Flight phases: ${phases.map((phase) => `${flightPhaseLabels[phase.phase]} ${getTimeLabel(phase.start, timezone)}–${getTimeLabel(phase.end, timezone)}`).join(', ')}`,
  );
  Object.assign(strip.style, { position: 'absolute', left: '0', right: '0', bottom: '0', height: '6px', pointerEvents: 'none' });
  const segments = phases.map((phase) => {
    const segment = document.createElement('div');
    segment.title = flightPhaseLabels[phase.phase];
    Object.assign(segment.style, { position: 'absolute', top: '0', bottom: '0', background: phaseColours[phase.phase] });
    strip.appendChild(segment);
    return segment;
  });
  const layout = (plot: uPlot) => {
    phases.forEach((phase, index) => {
      const left = plot.valToPos(phase.start / 1000, 'x');
      const right = plot.valToPos(phase.end / 1000, 'x');
      Object.assign(segments[index]!.style, { left: `${left}px`, width: `${Math.max(1, right - left)}px` });
    });
  };
  return { strip, layout };
}

const chartHeight = 150;

/** Marker times as coloured ticks along the top, with a faint line through the plot. */
function drawMarkerTicks(plot: uPlot, markers: readonly ReviewMarker[]) {
  const { ctx, bbox } = plot;
  const ratio = uPlot.pxRatio;
  ctx.save();
  for (const marker of markers) {
    const x = Math.round(plot.valToPos(marker.timestamp / 1000, 'x', true));
    if (x < bbox.left || x > bbox.left + bbox.width) continue;
    ctx.fillStyle = marker.look.color;
    ctx.globalAlpha = 0.25;
    ctx.fillRect(x, bbox.top, Math.max(1, ratio), bbox.height);
    ctx.globalAlpha = 1;
    ctx.fillRect(x - ratio, bbox.top, 3 * ratio, 8 * ratio);
  }
  ctx.restore();
}

function TrackChart({ label, name, unit, colour, seconds, values, markers, phases, clock, timezone, syncKey, hover }: TrackChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current!;
    const playbackLine = document.createElement('div');
    playbackLine.dataset.testid = 'chart-playback-line';
    Object.assign(playbackLine.style, {
      position: 'absolute',
      top: '0',
      bottom: '0',
      left: '0',
      width: '2px',
      background: '#0f172a',
      pointerEvents: 'none',
    });
    const phaseStrip = phases.length > 0 ? createPhaseStrip(phases, timezone) : null;
    const layoutPhases = (plot: uPlot) => phaseStrip?.layout(plot);
    const formatValue = (value: number | null | undefined) =>
      value === null || value === undefined ? '—' : `${value.toLocaleString('en-GB')} ${unit}`;

    /** The playback line, and the cursor while nobody hovers, at the clock's time. */
    const follow = (plot: uPlot) => {
      const timeSeconds = clock.getTime() / 1000;
      const left = plot.valToPos(timeSeconds, 'x');
      // Half a pixel either way: the first and last sample land on the edges.
      const isInside = Number.isFinite(left) && left >= -0.5 && left <= plot.over.clientWidth + 0.5;
      playbackLine.style.display = isInside ? 'block' : 'none';
      playbackLine.style.transform = `translateX(${Math.round(left) - 1}px)`;
      if (hover.isHovering || !isInside) return;
      // The cursor (and so the legend's values) rests on the playback time while nobody hovers.
      const value = values[findNearestIndex(seconds, timeSeconds)];
      plot.setCursor({ left, top: value === null || value === undefined ? plot.over.clientHeight / 2 : plot.valToPos(value, 'y') });
    };
    const plot = new uPlot(
      {
        width: Math.max(200, container.clientWidth),
        height: chartHeight,
        tzDate:
          timezone === 'UTC'
            ? (epochSeconds) => uPlot.tzDate(new Date(epochSeconds * 1000), 'Etc/UTC')
            : (epochSeconds) => new Date(epochSeconds * 1000),
        cursor: { sync: { key: syncKey }, drag: { x: false, y: false } },
        legend: { live: true },
        scales: { x: { time: true } },
        axes: [
          // 24-hour clock in the chosen timezone (tzDate above).
          { stroke: '#64748b', grid: { stroke: '#f1f5f9' }, values: '{HH}:{mm}' },
          {
            stroke: '#64748b',
            grid: { stroke: '#f1f5f9' },
            size: 56,
            values: (_plot, ticks) => ticks.map((tick) => tick.toLocaleString('en-GB')),
          },
        ],
        series: [
          { label: 'Time', value: (_plot, value) => (value === null ? '—' : getTimeLabel(value * 1000, timezone)) },
          {
            label: `${name} (${unit})`,
            stroke: colour,
            width: 1.5,
            fill: `${colour}1a`,
            points: { show: false },
            value: (_plot, value) => formatValue(value),
          },
        ],
        // Scales exist from the first commit ('ready') on; sizes change on 'setSize'.
        hooks: { draw: [(self) => drawMarkerTicks(self, markers)], ready: [follow, layoutPhases], setSize: [follow, layoutPhases] },
      },
      [seconds, values],
      container,
    );
    plot.over.appendChild(playbackLine);
    if (phaseStrip) plot.over.appendChild(phaseStrip.strip);

    const handleEnter = () => {
      hover.isHovering = true;
    };
    const handleLeave = () => {
      hover.isHovering = false;
      for (const followPlot of hover.followers) followPlot();
    };
    const handleClick = () => {
      const left = plot.cursor.left;
      if (left === undefined || left < 0) return;
      clock.seek(plot.posToVal(left, 'x') * 1000);
    };
    plot.over.addEventListener('mouseenter', handleEnter);
    plot.over.addEventListener('mouseleave', handleLeave);
    plot.over.addEventListener('click', handleClick);
    const observer = new ResizeObserver(() => {
      const width = Math.max(200, container.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height: chartHeight });
    });
    observer.observe(container);
    const followPlayback = () => follow(plot);
    hover.followers.add(followPlayback);
    const unsubscribe = clock.subscribe(followPlayback);
    return () => {
      unsubscribe();
      hover.followers.delete(followPlayback);
      observer.disconnect();
      plot.destroy();
    };
  }, [seconds, values, markers, phases, clock, timezone, syncKey, hover, name, unit, colour]);

  return <div ref={containerRef} role="figure" aria-label={label} className="w-full min-w-0 text-xs" />;
}
