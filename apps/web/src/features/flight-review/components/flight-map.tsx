import type { TrackColumns, TripDetail } from '@skylog/contracts';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import type { Timezone } from '../../../lib/settings-store.ts';
import type { ReviewMarker } from '../utils/markers.ts';
import type { ClockChange, PlaybackClock } from '../utils/playback-clock.ts';
import { getTimeLabel } from '../utils/time-labels.ts';
import { getTrackPosition } from '../utils/track.ts';

type FlightMapProps = {
  overview: TripDetail['track_overview'];
  track: TrackColumns | undefined;
  markers: readonly ReviewMarker[];
  clock: PlaybackClock;
  tileUrl: string | null;
  attribution: string | null;
  timezone: Timezone;
};

const trackColour = '#2563eb';

/** Marker tooltips show people's notes: built as text nodes, never as HTML, and only when one opens. */
function createTooltip(marker: ReviewMarker, timezone: Timezone): HTMLElement {
  const element = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = marker.look.text;
  element.append(title, ` · ${getTimeLabel(marker.timestamp, timezone)}`);
  if (marker.notes.text) {
    const notes = document.createElement('div');
    notes.textContent = marker.notes.text;
    notes.style.maxWidth = '240px';
    notes.style.whiteSpace = 'normal';
    element.append(notes);
  }
  return element;
}

const positionIcon = L.divIcon({
  className: '',
  iconSize: [24, 24],
  iconAnchor: [12, 12],
  html:
    '<div data-testid="map-position" aria-label="Current position" class="map-position" style="width:24px;height:24px;border-radius:9999px;background:#0f172a;border:2px solid #fff;box-shadow:0 1px 4px rgba(15,23,42,.5);display:flex;align-items:center;justify-content:center">' +
    '<svg width="14" height="14" viewBox="0 0 24 24" fill="#fff" style="transition:transform .2s"><path d="M12 2 4 21l8-4 8 4z"/></svg></div>',
});

/**
 * The track (simplified overview), the markers in their category colours and the aircraft at the
 * playback time. Vectors draw on one canvas; without a tile server the map keeps a plain background.
 */
export function FlightMap({ overview, track, markers, clock, tileUrl, attribution, timezone }: FlightMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [renderer] = useState(() => L.canvas({ padding: 0.2 }));

  useEffect(() => {
    const container = containerRef.current!;
    const created = L.map(container, { renderer, attributionControl: true, zoomSnap: 0.25 }).setView([0, 0], 2);
    const observer = new ResizeObserver(() => created.invalidateSize());
    observer.observe(container);
    setMap(created);
    return () => {
      observer.disconnect();
      created.remove();
      setMap(null);
    };
  }, [renderer]);

  useEffect(() => {
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution: attribution ?? '', maxZoom: 18 }).addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, tileUrl, attribution]);

  useEffect(() => {
    if (!map) return;
    const line = L.polyline(overview, { color: trackColour, weight: 3, opacity: 0.85, renderer, interactive: false }).addTo(map);
    const bounds = overview.length > 0 ? line.getBounds() : null;
    if (bounds?.isValid()) map.fitBounds(bounds, { padding: [24, 24] });
    return () => {
      line.remove();
    };
  }, [map, overview, renderer]);

  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup(
      markers.map((marker) =>
        L.circleMarker([marker.coords.latitude, marker.coords.longitude], {
          renderer,
          radius: 6,
          color: '#ffffff',
          weight: 2,
          fillColor: marker.look.color,
          fillOpacity: 1,
        })
          .bindTooltip(() => createTooltip(marker, timezone), { direction: 'top', offset: [0, -6] })
          .on('click', () => clock.seek(marker.timestamp)),
      ),
    ).addTo(map);
    if (overview.length === 0 && markers.length > 0) {
      map.fitBounds(L.latLngBounds(markers.map((marker) => [marker.coords.latitude, marker.coords.longitude])), {
        padding: [24, 24],
        maxZoom: 13,
      });
    }
    return () => {
      group.remove();
    };
  }, [map, markers, overview.length, timezone, clock, renderer]);

  useEffect(() => {
    if (!map || !track || track.timestamp.length === 0) return;
    const aircraft = L.marker([track.latitude[0]!, track.longitude[0]!], {
      icon: positionIcon,
      interactive: false,
      keyboard: false,
      zIndexOffset: 1000,
    }).addTo(map);
    const move = (timeMs: number) => {
      const position = getTrackPosition(track, timeMs);
      if (!position) return null;
      const latLng = L.latLng(position.latitude, position.longitude);
      aircraft.setLatLng(latLng);
      const arrow = aircraft.getElement()?.querySelector('svg');
      if (arrow && position.heading !== null) arrow.style.transform = `rotate(${position.heading}deg)`;
      return latLng;
    };
    const follow = (timeMs: number, change: ClockChange) => {
      const latLng = move(timeMs);
      // The map moves only when the aircraft leaves the view.
      if (latLng && !map.getBounds().contains(latLng)) map.panTo(latLng, { animate: change === 'seek' });
    };
    move(clock.getTime());
    const unsubscribe = clock.subscribe(follow);
    return () => {
      unsubscribe();
      aircraft.remove();
    };
  }, [map, track, clock]);

  return (
    <section aria-label="Flight map" className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">Map</h2>
      {/* Leaflet's own stylesheet is not layered, so the plain background is set inline. */}
      <div ref={containerRef} className="isolate h-80 w-full rounded-lg lg:h-[26rem]" style={{ background: '#eef2f7' }} />
    </section>
  );
}
