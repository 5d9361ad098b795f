import { markerCategories, type Marker } from '@skylog/contracts';

export type MarkerLook = { key: number; text: string; color: string };

/** The organization's labels and colours of the rocker keys, falling back to contracts' defaults. */
export function getMarkerLooks(items: readonly MarkerLook[] | undefined): MarkerLook[] {
  return markerCategories.map((fallback) => {
    const own = items?.find((item) => item.key === fallback.key);
    return { key: fallback.key, text: own?.text ?? fallback.text, color: own?.color ?? fallback.color };
  });
}

export function findMarkerLook(looks: readonly MarkerLook[], markerID: number): MarkerLook {
  return looks.find((look) => look.key === markerID) ?? { key: markerID, text: `Marker ${markerID}`, color: '#64748b' };
}

export type ReviewMarker = Marker & { key: string; look: MarkerLook };

/** All markers by time (rocker and manual alike), each with its category look and a stable key. */
export function sortMarkers(markers: readonly Marker[], looks: readonly MarkerLook[]): ReviewMarker[] {
  return markers
    .map((marker, index) => ({ marker, index }))
    .sort((a, b) => a.marker.timestamp - b.marker.timestamp || a.index - b.index)
    .map(({ marker, index }) => ({ ...marker, key: marker.id ?? `rocker-${index}`, look: findMarkerLook(looks, marker.markerID) }));
}

/** Dark text on light category colours, white on dark ones (WCAG relative luminance). */
export function getReadableTextColour(hex: string): '#0f172a' | '#ffffff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [red, green, blue] = match.slice(1).map((part) => {
    const channel = parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  // Contrast with white (1.05 / (L + 0.05)) against contrast with slate-900.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0588 ? '#ffffff' : '#0f172a';
}
