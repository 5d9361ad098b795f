import type { MapBounds, TrackColumns, TripDetail } from '@skylog/contracts';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import type { Timezone } from '../../../lib/settings-store.ts';
import { useMapFeatures } from '../api/get-map-features.ts';
import { getNextBaseMapBounds } from '../utils/base-map.ts';
import { spreadStacks, type Box } from '../utils/map-layout.ts';
import type { ReviewMarker } from '../utils/markers.ts';
import type { ClockChange, PlaybackClock } from '../utils/playback-clock.ts';
import { getTimeLabel } from '../utils/time-labels.ts';
import { getTrackPosition } from '../utils/track.ts';
import { baseMapColours, drawBaseLayer, mapPanes } from './base-layer.ts';

type FlightMapProps = {
  overview: TripDetail['track_overview'];
  track: TrackColumns | undefined;
  markers: readonly ReviewMarker[];
  clock: PlaybackClock;
  tileUrl: string | null;
  attribution: string | null;
  timezone: Timezone;
  /** The trip's origin and destination (ICAO or IATA codes): emphasised and always labelled. */
  origin?: string | null;
  destination?: string | null;
};

const trackColour = '#2563eb';
/** A flight marker's dot (px); stacked markers are spread this far apart. */
const markerSize = 14;
const markerSpacing = markerSize + 2;
/** The map's background before the base map is drawn, and where there is nothing to draw. */
const plainBackground = '#eef2f7';

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

function createMarkerIcon(marker: ReviewMarker): L.DivIcon {
  return L.divIcon({
    className: '',
    iconSize: [markerSize, markerSize],
    iconAnchor: [markerSize / 2, markerSize / 2],
    html: `<span style="display:block;width:${markerSize}px;height:${markerSize}px;box-sizing:border-box;border-radius:9999px;background:${marker.look.color};border:2px solid #fff;box-shadow:0 1px 3px rgba(15,23,42,.5);cursor:pointer"></span>`,
  });
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
 * The track (simplified overview) on a canvas, the markers in their category colours as buttons (a
 * click, Enter or Space seeks there), the aircraft at the playback time, and under them the base
 * map: tiles when a tile server is configured, else the offline base map of the server's data,
 * asked for once the track is drawn so it never delays it.
 */
export function FlightMap({ overview, track, markers, clock, tileUrl, attribution, timezone, origin, destination }: FlightMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  // The track takes no pointer events (its pane lets them through): the markers and airports beneath answer them.
  const [renderer] = useState(() => L.canvas({ padding: 0.2, pane: mapPanes.track.name }));
  // Where the markers are drawn, for the airport labels to keep clear of.
  const markerLayersRef = useRef<L.Marker[]>([]);

  useEffect(() => {
    const container = containerRef.current!;
    const created = L.map(container, { renderer, attributionControl: true, zoomSnap: 0.25 }).setView([0, 0], 2);
    for (const { name, zIndex } of Object.values(mapPanes)) created.createPane(name).style.zIndex = String(zIndex);
    created.getPane(mapPanes.track.name)!.style.pointerEvents = 'none';
    created.getPane(mapPanes.labels.name)!.style.pointerEvents = 'none';
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
    const placed = markers.map((marker) => {
      const label = `${marker.look.text} at ${getTimeLabel(marker.timestamp, timezone)}`;
      const seek = () => clock.seek(marker.timestamp);
      const layer = L.marker([marker.coords.latitude, marker.coords.longitude], { icon: createMarkerIcon(marker), riseOnHover: true })
        .bindTooltip(() => createTooltip(marker, timezone), { direction: 'top', offset: [0, -markerSize / 2] })
        .on('click', seek)
        .on('keydown', (event: L.LeafletKeyboardEvent) => {
          if (event.originalEvent.key !== 'Enter' && event.originalEvent.key !== ' ') return;
          event.originalEvent.preventDefault();
          seek();
        });
      return { marker, layer, label };
    });
    const group = L.layerGroup(placed.map(({ layer }) => layer)).addTo(map);
    markerLayersRef.current = placed.map(({ layer }) => layer);
    for (const { layer, label } of placed) layer.getElement()?.setAttribute('aria-label', label);
    // A flight leaves from and comes back to its airport: markers that would hide each other are spread apart.
    const spread = () => {
      const truePoints = placed.map(({ marker }) => map.latLngToLayerPoint([marker.coords.latitude, marker.coords.longitude]));
      spreadStacks(truePoints, markerSpacing).forEach((point, index) =>
        placed[index]!.layer.setLatLng(map.layerPointToLatLng([point.x, point.y])),
      );
    };
    spread();
    map.on('zoomend', spread);
    if (overview.length === 0 && markers.length > 0) {
      map.fitBounds(L.latLngBounds(markers.map((marker) => [marker.coords.latitude, marker.coords.longitude])), {
        padding: [24, 24],
        maxZoom: 13,
      });
    }
    return () => {
      map.off('zoomend', spread);
      group.remove();
      markerLayersRef.current = [];
    };
  }, [map, markers, overview.length, timezone, clock]);

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

  // The base map covers the view (asked for again when the view leaves it or zooms far in), and is
  // only asked for once the full track has arrived (or there is none) and the browser is idle: the
  // aircraft, the charts and the player come first.
  const [baseBounds, setBaseBounds] = useState<MapBounds | null>(null);
  useEffect(() => {
    if (!map) return;
    const update = () => {
      const view = map.getBounds();
      const shown = { south: view.getSouth(), west: view.getWest(), north: view.getNorth(), east: view.getEast() };
      setBaseBounds((current) => getNextBaseMapBounds(current, shown));
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [map]);
  const isTrackSettled = track !== undefined || overview.length === 0;
  const hasPlace = overview.length > 0 || markers.length > 0;
  const [isBaseMapDue, setIsBaseMapDue] = useState(false);
  useEffect(() => {
    if (!isTrackSettled || !hasPlace) return;
    // At the browser's next idle moment, after the screen's own work (charts, waveform); Safari has no
    // requestIdleCallback.
    const due = () => setIsBaseMapDue(true);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(due, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(due, 500);
    return () => clearTimeout(timer);
  }, [isTrackSettled, hasPlace]);
  const features = useMapFeatures(isBaseMapDue ? baseBounds : null).data;
  const isAirportsOnly = Boolean(tileUrl);

  useEffect(() => {
    if (!map || !features) return;
    const getObstacles = (): Box[] =>
      markerLayersRef.current.map((layer) => {
        const { x, y } = map.latLngToLayerPoint(layer.getLatLng());
        return { left: x - markerSize / 2, top: y - markerSize / 2, right: x + markerSize / 2, bottom: y + markerSize / 2 };
      });
    return drawBaseLayer(map, { features, origin, destination, isAirportsOnly, getObstacles });
  }, [map, features, origin, destination, isAirportsOnly]);

  return (
    <section aria-label="Flight map" className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">Map</h2>
      {/* Leaflet's own stylesheet is not layered, so the background (water once the base map is drawn) is set inline. */}
      <div
        ref={containerRef}
        className="isolate h-80 w-full rounded-lg lg:h-[26rem]"
        style={{ background: features && !isAirportsOnly ? baseMapColours.water : plainBackground }}
      />
    </section>
  );
}
