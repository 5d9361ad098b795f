import type { MapAirport, MapAirportKind, MapFeatures } from '@skylog/contracts';
import L from 'leaflet';
import { isAirportNamed } from '../utils/base-map.ts';
import { placeLabels, type Box, type LabelCandidate } from '../utils/map-layout.ts';

/** The map's panes, bottom to top: tiles (Leaflet's, 200), the base map, the track, airport labels, markers (600). */
export const mapPanes = {
  base: { name: 'skylog-base', zIndex: 350 },
  track: { name: 'skylog-track', zIndex: 400 },
  labels: { name: 'skylog-labels', zIndex: 450 },
} as const;

/** A chart's colours: water, land, and airports in the magenta of aeronautical charts. */
export const baseMapColours = {
  water: '#d5e5f2',
  land: '#f5f3ed',
  coastline: '#7c99b4',
  countryBorder: '#6b5a80',
  stateBorder: '#a093b5',
  runway: '#3b4452',
  airport: '#a3238e',
} as const;

const symbolRadius: Record<MapAirportKind, number> = { large: 5, medium: 4, small: 3, seaplane: 3 };
/** Small fields are labelled only from this zoom on: below it they would crowd out the ones that matter. */
const smallLabelMinZoom = 10;
const kindRank: Record<MapAirportKind, number> = { large: 0, medium: 1, small: 2, seaplane: 3 };

type Emphasis = 'origin' | 'destination' | null;

/** Leaflet's attribution line takes HTML: the server's credit is text. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Built as text nodes, like the markers' tooltips: names come from a data set. */
function createAirportTooltip(airport: MapAirport): HTMLElement {
  const element = document.createElement('div');
  const code = document.createElement('strong');
  code.textContent = airport.ident;
  element.append(code, ` · ${airport.name}`);
  return element;
}

function createLabel(airport: MapAirport, emphasis: Emphasis): { element: HTMLElement; width: number; height: number } {
  const element = document.createElement('div');
  element.textContent = airport.ident;
  element.dataset.testid = 'airport-label';
  element.dataset.ident = airport.ident;
  if (emphasis) element.dataset.emphasis = emphasis;
  // Monospaced: the label's width is known before it is drawn, for the placement.
  const width = airport.ident.length * 7 + (emphasis ? 10 : 2);
  const height = emphasis ? 17 : 14;
  element.style.cssText = [
    `width:${width}px`,
    `height:${height}px`,
    `font:${emphasis ? 700 : 600} 11px/${height}px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace`,
    'text-align:center',
    'white-space:nowrap',
    emphasis
      ? `color:#fff;background:${baseMapColours.airport};border-radius:4px;box-shadow:0 1px 2px rgba(15,23,42,.35)`
      : `color:${baseMapColours.airport};text-shadow:0 0 2px #fff,0 0 2px #fff,0 0 3px #fff`,
  ].join(';');
  return { element, width, height };
}

export type BaseLayerOptions = {
  features: MapFeatures;
  origin: string | null | undefined;
  destination: string | null | undefined;
  /** With a tile server, the tiles draw land and runways: only the airports and their codes are added. */
  isAirportsOnly: boolean;
  /** What the labels keep clear of besides the airports (the flight's markers), in layer points. */
  getObstacles: () => Box[];
};

/**
 * The offline base map under the track: land outlined by its coast, borders, runways (SVG, in the base pane),
 * airports as symbols with their names on hover, and their codes placed so they do not overlap,
 * again after each zoom; the flight's origin and destination always labelled and emphasised.
 * Answers what removes it all.
 */
export function drawBaseLayer(map: L.Map, { features, origin, destination, isAirportsOnly, getObstacles }: BaseLayerOptions): () => void {
  const renderer = L.svg({ pane: mapPanes.base.name });
  const shapes = L.layerGroup().addTo(map);
  const labels = L.layerGroup().addTo(map);
  const lineOptions = { renderer, interactive: false, fill: false } as const;

  if (!isAirportsOnly) {
    // The outline is the coast; where a ring was cut along the box's edge, that edge lies beyond the
    // view (the box is twice the view) until the map asks for the next box.
    if (features.land.length > 0) {
      shapes.addLayer(
        L.polygon(features.land, {
          renderer,
          interactive: false,
          color: baseMapColours.coastline,
          weight: 1,
          fillColor: baseMapColours.land,
          fillOpacity: 1,
          className: 'skylog-map-land',
        }),
      );
    }
    const addLines = (lines: MapFeatures['country_borders'], options: L.PolylineOptions) => {
      if (lines.length > 0) shapes.addLayer(L.polyline(lines, { ...lineOptions, ...options }));
    };
    addLines(features.state_borders, {
      color: baseMapColours.stateBorder,
      weight: 1,
      dashArray: '4 3',
      className: 'skylog-map-state-border',
    });
    addLines(features.country_borders, {
      color: baseMapColours.countryBorder,
      weight: 1.5,
      dashArray: '6 3',
      className: 'skylog-map-country-border',
    });
    addLines(
      features.airports.flatMap((airport) => airport.runways),
      { color: baseMapColours.runway, weight: 3, lineCap: 'butt', className: 'skylog-map-runway' },
    );
  }

  const emphasisOf = (airport: MapAirport): Emphasis =>
    isAirportNamed(airport, origin) ? 'origin' : isAirportNamed(airport, destination) ? 'destination' : null;
  const airports = features.airports.map((airport) => ({ airport, emphasis: emphasisOf(airport) }));
  for (const { airport, emphasis } of airports) {
    const radius = emphasis ? 6 : symbolRadius[airport.kind];
    const symbol = L.circleMarker(airport.position, {
      renderer,
      radius,
      color: emphasis ? baseMapColours.airport : '#ffffff',
      weight: emphasis ? 3 : 1,
      fillColor: emphasis ? '#ffffff' : baseMapColours.airport,
      fillOpacity: 1,
      className: 'skylog-map-airport',
    }).bindTooltip(() => createAirportTooltip(airport), { direction: 'top', offset: [0, -radius] });
    shapes.addLayer(symbol);
    symbol.getElement()?.setAttribute('data-ident', airport.ident);
  }

  // The flight's own airports first, then the biggest.
  const byImportance = [...airports].sort(
    (a, b) => Number(Boolean(b.emphasis)) - Number(Boolean(a.emphasis)) || kindRank[a.airport.kind] - kindRank[b.airport.kind],
  );
  const layOutLabels = () => {
    labels.clearLayers();
    const zoom = map.getZoom();
    const shown = byImportance.filter(
      ({ airport, emphasis }) => emphasis || kindRank[airport.kind] <= kindRank.medium || zoom >= smallLabelMinZoom,
    );
    const built = new Map(shown.map(({ airport, emphasis }) => [airport.ident, { airport, ...createLabel(airport, emphasis) }]));
    const candidates: LabelCandidate[] = shown.map(({ airport, emphasis }) => {
      const { x, y } = map.latLngToLayerPoint(airport.position);
      const { width, height } = built.get(airport.ident)!;
      return { id: airport.ident, x, y, width, height, isRequired: Boolean(emphasis) };
    });
    const symbols: (Box & { id: string })[] = airports.map(({ airport }) => {
      const { x, y } = map.latLngToLayerPoint(airport.position);
      const radius = symbolRadius[airport.kind] + 1;
      return { id: airport.ident, left: x - radius, top: y - radius, right: x + radius, bottom: y + radius };
    });
    const obstacles = [...symbols, ...getObstacles()];
    const points = new Map(candidates.map((candidate) => [candidate.id, candidate]));
    for (const { id, box } of placeLabels(candidates, obstacles)) {
      const { airport, element, width, height } = built.get(id)!;
      const point = points.get(id)!;
      labels.addLayer(
        L.marker(airport.position, {
          pane: mapPanes.labels.name,
          interactive: false,
          keyboard: false,
          icon: L.divIcon({ className: '', html: element, iconSize: [width, height], iconAnchor: [point.x - box.left, point.y - box.top] }),
        }),
      );
    }
  };
  layOutLabels();
  map.on('zoomend', layOutLabels);

  const attribution = escapeHtml(features.attribution);
  map.attributionControl?.addAttribution(attribution);
  return () => {
    map.off('zoomend', layOutLabels);
    map.attributionControl?.removeAttribution(attribution);
    labels.remove();
    shapes.remove();
    renderer.remove();
  };
}
