import { limits, type MapBounds, type TrackColumns, type TripDetail } from '@skylog/contracts';
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
/** A flight marker's dot (px), drawn inside its target; stacked markers are spread so targets never overlap. */
const markerDotSize = 14;
const markerTargetSize = limits.mapMarkerTargetPx;
const markerSpacing = markerTargetSize + 2;
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

/** One icon for every marker: its colour comes from a CSS variable, so no markup is parsed per marker. */
const markerIcon = L.divIcon({
  className: 'skylog-map-marker',
  iconSize: [markerTargetSize, markerTargetSize],
  iconAnchor: [markerTargetSize / 2, markerTargetSize / 2],
  html: '',
});

/**
 * Runs `work` at the browser's next idle moment (or within `timeout` ms), after the screen's own work
 * (charts, waveform, transcript); Safari has no requestIdleCallback. Answers the cancel.
 */
function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 50);
  return () => clearTimeout(timer);
}

const positionIcon = L.divIcon({
  className: '',
  iconSize: [24, 24],
  iconAnchor: [12, 12],
  html:
    '<div data-testid="map-position" role="img" aria-label="Current position" class="map-position" style="width:24px;height:24px;border-radius:9999px;background:#0f172a;border:2px solid #fff;box-shadow:0 1px 4px rgba(15,23,42,.5);display:flex;align-items:center;justify-content:center">' +
    '<svg width="14" height="14" viewBox="0 0 24 24" fill="#fff" style="transition:transform .2s"><path d="M12 2 4 21l8-4 8 4z"/></svg></div>',
});

/**
 * Room around the fitted flight: a spread stack's markers reach about a target and a half from their true
 * place, and the attribution's links (in the bottom right corner, several lines on a phone) must not sit on
 * a marker, or it could not be clicked there.
 */
function fitPadding(map: L.Map): Pick<L.FitBoundsOptions, 'paddingTopLeft' | 'paddingBottomRight'> {
  const room = markerTargetSize + markerSpacing;
  const attributionHeight = map.attributionControl?.getContainer()?.offsetHeight ?? 0;
  return { paddingTopLeft: [room, room], paddingBottomRight: [room, room + attributionHeight] };
}

type MarkerPlacing = { markers: readonly ReviewMarker[]; timezone: Timezone; clock: PlaybackClock };

/**
 * The markers as buttons on the map (a click, Enter or Space seeks there); those that would hide each
 * other (a flight leaves from and comes back to its airport) are spread apart. Answers their layers
 * and their removal.
 */
function placeMarkers(map: L.Map, { markers, timezone, clock }: MarkerPlacing): { layers: L.Marker[]; remove: () => void } {
  const placed = markers.map((marker) => {
    const seek = () => clock.seek(marker.timestamp);
    const layer = L.marker([marker.coords.latitude, marker.coords.longitude], { icon: markerIcon, riseOnHover: true })
      .bindTooltip(() => createTooltip(marker, timezone), { direction: 'top', offset: [0, -markerDotSize / 2] })
      .on('click', seek)
      .on('keydown', (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key !== 'Enter' && event.originalEvent.key !== ' ') return;
        event.originalEvent.preventDefault();
        seek();
      });
    return { marker, layer };
  });
  const group = L.layerGroup(placed.map(({ layer }) => layer)).addTo(map);
  for (const { marker, layer } of placed) {
    const element = layer.getElement();
    element?.setAttribute('aria-label', `${marker.look.text} at ${getTimeLabel(marker.timestamp, timezone)}`);
    element?.style.setProperty('--marker-colour', marker.look.color);
  }
  const spread = () => {
    const truePoints = placed.map(({ marker }) => map.latLngToLayerPoint([marker.coords.latitude, marker.coords.longitude]));
    spreadStacks(truePoints, markerSpacing).forEach((point, index) =>
      placed[index]!.layer.setLatLng(map.layerPointToLatLng([point.x, point.y])),
    );
  };
  spread();
  map.on('zoomend', spread);
  return {
    layers: placed.map(({ layer }) => layer),
    remove: () => {
      map.off('zoomend', spread);
      group.remove();
    },
  };
}

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
    if (bounds?.isValid()) map.fitBounds(bounds, fitPadding(map));
    return () => {
      line.remove();
    };
  }, [map, overview, renderer]);

  useEffect(() => {
    if (!map) return;
    // Two hundred buttons on the map come just after the screen is usable, not before it.
    let removePlaced: (() => void) | null = null;
    const cancel = whenIdle(() => {
      const placed = placeMarkers(map, { markers, timezone, clock });
      markerLayersRef.current = placed.layers;
      removePlaced = () => {
        placed.remove();
        markerLayersRef.current = [];
      };
    }, 500);
    return () => {
      cancel();
      removePlaced?.();
    };
  }, [map, markers, timezone, clock]);

  // A flight without a track is shown where its markers are.
  useEffect(() => {
    if (!map || overview.length > 0 || markers.length === 0) return;
    map.fitBounds(L.latLngBounds(markers.map((marker) => [marker.coords.latitude, marker.coords.longitude])), { ...fitPadding(map), maxZoom: 13 });
  }, [map, markers, overview.length]);

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
    return whenIdle(() => setIsBaseMapDue(true), 3000);
  }, [isTrackSettled, hasPlace]);
  const features = useMapFeatures(isBaseMapDue ? baseBounds : null).data;
  const isAirportsOnly = Boolean(tileUrl);

  useEffect(() => {
    if (!map || !features) return;
    const getObstacles = (): Box[] =>
      markerLayersRef.current.map((layer) => {
        const { x, y } = map.latLngToLayerPoint(layer.getLatLng());
        return { left: x - markerDotSize / 2, top: y - markerDotSize / 2, right: x + markerDotSize / 2, bottom: y + markerDotSize / 2 };
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
