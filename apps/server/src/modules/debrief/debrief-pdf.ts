import { flightPhaseLabels, phaseColours, units, type FlightAnalysis, type Marker, type TrackPoint } from '@skylog/contracts';
import { createPdfDocument, formatTime } from '../../lib/pdf-document.ts';

/** What one page of debrief shows; times are epoch milliseconds, the zone an IANA name. */
export type DebriefPage = {
  tripName: string;
  beginTime: Date | null;
  durationMs: number | null;
  distanceNm: number | null;
  aircraft: string | null;
  origin: string | null;
  destination: string | null;
  leftSeat: string | null;
  rightSeat: string | null;
  instructor: string | null;
  /** The map's line: [latitude, longitude] pairs, already simplified. */
  overview: [number, number][];
  points: TrackPoint[];
  markers: Marker[];
  markerLooks: ReadonlyArray<{ key: number; text: string; color: string }>;
  analysis: FlightAnalysis | null;
  notes: { well: string | null; improve: string | null; isDraft: boolean };
  timezone: string;
  madeAt: Date;
};

const page = { width: 595.28, height: 841.89, margin: 36 };
const contentWidth = page.width - 2 * page.margin;
const ink = '#0f172a';
const muted = '#64748b';
const rule = '#e2e8f0';
const trackColour = '#2563eb';
/** Points drawn along the altitude profile: more than its width in points shows nothing more. */
const profileSamples = 500;

type Doc = PDFKit.PDFDocument;
type Box = { x: number; y: number; width: number; height: number };

const formatDuration = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
};

/**
 * The one-page debrief of a flight as a PDF: heading, the track as a vector map, the altitude
 * profile with markers and phases, key moments, the debrief notes and the instructor. Everything is drawn
 * to fit one A4 page; long notes end with an ellipsis rather than spilling onto a second.
 */
export async function renderDebriefPdf(data: DebriefPage): Promise<Buffer> {
  const { doc, bytes } = await createPdfDocument({
    size: 'A4',
    margin: page.margin,
    info: { Title: `Debrief: ${data.tripName}`, Author: data.instructor ?? 'Skylog', Creator: 'Skylog', CreationDate: data.madeAt },
  });

  let y = drawHeading(doc, data);
  drawMap(doc, data, { x: page.margin, y, width: contentWidth, height: 250 });
  y += 262;
  y = drawProfile(doc, data, { x: page.margin, y, width: contentWidth, height: 120 });
  const columnWidth = (contentWidth - 18) / 2;
  const bottom = page.height - page.margin - 24;
  drawMoments(doc, data, { x: page.margin, y, width: columnWidth, height: bottom - y });
  drawNotes(doc, data, { x: page.margin + columnWidth + 18, y, width: columnWidth, height: bottom - y });
  drawFooter(doc, data);
  doc.end();
  return bytes;
}

function drawHeading(doc: Doc, data: DebriefPage): number {
  const { margin } = page;
  doc.font('regular').fontSize(9).fillColor(muted).text('FLIGHT DEBRIEF', margin, margin, { characterSpacing: 1 });
  doc.font('bold').fontSize(18).fillColor(ink).text(data.tripName, margin, margin + 13, { width: contentWidth, height: 24, ellipsis: true });
  const facts = [
    data.beginTime ? formatTime(data.beginTime, data.timezone, true) : 'No start time',
    data.durationMs === null ? null : formatDuration(data.durationMs),
    data.distanceNm === null ? null : `${Math.round(data.distanceNm * 10) / 10} NM`,
    data.aircraft ? `Aircraft ${data.aircraft}` : null,
    data.origin || data.destination ? `${data.origin ?? '?'} → ${data.destination ?? '?'}` : null,
  ].filter(Boolean);
  doc.font('regular').fontSize(10).fillColor(ink).text(facts.join('  ·  '), margin, margin + 40, { width: contentWidth });
  doc
    .fillColor(muted)
    .text(`Left seat: ${data.leftSeat ?? '—'}    Right seat: ${data.rightSeat ?? '—'}`, margin, margin + 55, { width: contentWidth });
  return margin + 76;
}

function frame(doc: Doc, box: Box, title: string) {
  doc.roundedRect(box.x, box.y, box.width, box.height, 6).lineWidth(0.75).strokeColor(rule).stroke();
  doc.font('bold').fontSize(9).fillColor(muted).text(title, box.x + 8, box.y + 6);
}

function lookOf(data: DebriefPage, key: number) {
  return data.markerLooks.find((look) => look.key === key) ?? { key, text: `Key ${key}`, color: muted };
}

/** The track on an equirectangular projection (true to scale at the flight's latitude), north up. */
function drawMap(doc: Doc, data: DebriefPage, box: Box) {
  frame(doc, box, 'TRACK');
  const positions = [...data.overview, ...data.markers.map((marker) => [marker.coords.latitude, marker.coords.longitude] as [number, number])];
  if (positions.length === 0) {
    doc.font('regular').fontSize(10).fillColor(muted).text('No track recorded for this flight.', box.x + 8, box.y + box.height / 2 - 6, { width: box.width - 16, align: 'center' });
    return;
  }
  const latitudes = positions.map(([latitude]) => latitude);
  const longitudes = positions.map(([, longitude]) => longitude);
  const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
  const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
  const squeeze = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const inner = { x: box.x + 16, y: box.y + 22, width: box.width - 32, height: box.height - 34 };
  const spanX = Math.max((east - west) * squeeze, 1e-6);
  const spanY = Math.max(north - south, 1e-6);
  const scale = Math.min(inner.width / spanX, inner.height / spanY);
  const offsetX = inner.x + (inner.width - spanX * scale) / 2;
  const offsetY = inner.y + (inner.height - spanY * scale) / 2;
  const at = (latitude: number, longitude: number): [number, number] => [offsetX + (longitude - west) * squeeze * scale, offsetY + (north - latitude) * scale];

  if (data.overview.length > 0) {
    const [first, ...rest] = data.overview;
    doc.moveTo(...at(...first!));
    for (const point of rest) doc.lineTo(...at(...point));
    doc.lineWidth(1.5).strokeColor(trackColour).lineJoin('round').stroke();
    doc.circle(...at(...first!), 3.5).fillColor('#16a34a').fill();
    const [endX, endY] = at(...data.overview.at(-1)!);
    doc.rect(endX - 3, endY - 3, 6, 6).fillColor('#dc2626').fill();
  }
  for (const marker of data.markers) {
    doc.circle(...at(marker.coords.latitude, marker.coords.longitude), 3).lineWidth(0.75).fillAndStroke(lookOf(data, marker.markerID).color, '#ffffff');
  }
  // A scale bar of a round number of nautical miles, about a fifth of the map.
  const nmPerPoint = 60 / scale;
  const barNm = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200].find((nm) => nm / nmPerPoint >= box.width / 8) ?? 500;
  const barLength = barNm / nmPerPoint;
  const barY = box.y + box.height - 10;
  doc.moveTo(box.x + 8, barY).lineTo(box.x + 8 + barLength, barY).lineWidth(1).strokeColor(ink).stroke();
  doc.font('regular').fontSize(7).fillColor(ink).text(`${barNm} NM`, box.x + 12 + barLength, barY - 4);
  doc.text('N ↑', box.x + box.width - 28, box.y + 6);
}

/** Altitude in feet over time, markers as coloured lines, the analysis's phases as a strip below. */
function drawProfile(doc: Doc, data: DebriefPage, box: Box): number {
  frame(doc, box, 'ALTITUDE (FT)');
  const withAltitude = data.points.filter((point) => point.altitude !== null);
  const phases = data.analysis?.phases ?? [];
  const stripHeight = phases.length > 0 ? 8 : 0;
  const plot = { x: box.x + 40, y: box.y + 20, width: box.width - 52, height: box.height - 36 - stripHeight };
  if (withAltitude.length < 2) {
    doc.font('regular').fontSize(10).fillColor(muted).text('No altitude recorded.', box.x + 8, box.y + box.height / 2 - 6, { width: box.width - 16, align: 'center' });
    return box.y + box.height + 12;
  }
  const start = withAltitude[0]!.timestamp;
  const end = withAltitude.at(-1)!.timestamp;
  const feet = withAltitude.map((point) => point.altitude! * units.feetPerMetre);
  const top = Math.max(100, Math.ceil(Math.max(...feet) / 500) * 500);
  const bottom = Math.min(0, Math.floor(Math.min(...feet) / 500) * 500);
  const x = (time: number) => plot.x + ((time - start) / Math.max(1, end - start)) * plot.width;
  const y = (altitude: number) => plot.y + plot.height - ((altitude - bottom) / (top - bottom)) * plot.height;

  doc.font('regular').fontSize(7).fillColor(muted);
  for (const value of [bottom, (bottom + top) / 2, top]) {
    doc.text(Math.round(value).toLocaleString('en-GB'), box.x + 4, y(value) - 4, { width: 32, align: 'right' });
    doc.moveTo(plot.x, y(value)).lineTo(plot.x + plot.width, y(value)).lineWidth(0.5).strokeColor(rule).stroke();
  }
  doc.text(formatTime(start, data.timezone, false), plot.x, plot.y + plot.height + stripHeight + 3);
  doc.text(formatTime(end, data.timezone, false), plot.x + plot.width - 60, plot.y + plot.height + stripHeight + 3, { width: 60, align: 'right' });

  for (const marker of data.markers) {
    if (marker.timestamp < start || marker.timestamp > end) continue;
    doc.moveTo(x(marker.timestamp), plot.y).lineTo(x(marker.timestamp), plot.y + plot.height).lineWidth(0.75).strokeColor(lookOf(data, marker.markerID).color).stroke();
  }
  // The highest point of each slice of the width: climbs and pattern altitudes keep their tops.
  const stride = Math.max(1, Math.ceil(withAltitude.length / profileSamples));
  doc.moveTo(x(start), y(feet[0]!));
  for (let index = 0; index < withAltitude.length; index += stride) {
    const slice = feet.slice(index, index + stride);
    const highest = slice.indexOf(Math.max(...slice));
    doc.lineTo(x(withAltitude[index + highest]!.timestamp), y(slice[highest]!));
  }
  doc.lineWidth(1.25).strokeColor(trackColour).stroke();

  for (const phase of phases) {
    const left = x(Math.max(start, phase.start));
    const right = x(Math.min(end, phase.end));
    if (right > left) doc.rect(left, plot.y + plot.height + 1, right - left, stripHeight - 2).fillColor(phaseColours[phase.phase]).fill();
  }
  let legendX = box.x + 8;
  const legendY = box.y + box.height + 4;
  const shown = [...new Set(phases.map((phase) => phase.phase))];
  doc.font('regular').fontSize(7);
  for (const phase of shown) {
    doc.rect(legendX, legendY + 1, 6, 6).fillColor(phaseColours[phase]).fill();
    doc.fillColor(muted).text(flightPhaseLabels[phase], legendX + 9, legendY);
    legendX += 14 + doc.widthOfString(flightPhaseLabels[phase]);
  }
  for (const look of data.markerLooks.filter((candidate) => data.markers.some((marker) => marker.markerID === candidate.key))) {
    doc.rect(legendX, legendY + 3, 8, 1.5).fillColor(look.color).fill();
    doc.fillColor(muted).text(look.text, legendX + 11, legendY);
    legendX += 16 + doc.widthOfString(look.text);
  }
  return box.y + box.height + 18;
}

function heading(doc: Doc, text: string, box: Box, y: number) {
  doc.font('bold').fontSize(10).fillColor(ink).text(text, box.x, y, { width: box.width });
  return doc.y + 3;
}

/** The analysis's key moments, those to work on first. */
function drawMoments(doc: Doc, data: DebriefPage, box: Box) {
  let y = heading(doc, 'Key moments', box, box.y);
  const end = box.y + box.height;
  if (!data.analysis) {
    doc.font('regular').fontSize(9).fillColor(muted).text('Not analysed yet: phases and key moments appear once the analysis has run.', box.x, y, { width: box.width });
    return;
  }
  const moments = [...data.analysis.moments].sort((a, b) => Number(a.tone === 'well') - Number(b.tone === 'well') || a.time - b.time);
  if (moments.length === 0) doc.font('regular').fontSize(9).fillColor(muted).text('The analysis found nothing to point out.', box.x, y, { width: box.width });
  for (const moment of moments) {
    if (y > end - 24) {
      doc.font('regular').fontSize(8).fillColor(muted).text(`… and ${moments.length - moments.indexOf(moment)} more on the flight screen`, box.x, y, { width: box.width });
      break;
    }
    const mark = moment.tone === 'well' ? '✓' : '!';
    doc.font('bold').fontSize(9).fillColor(moment.tone === 'well' ? '#15803d' : '#b45309');
    doc.text(`${mark} ${formatTime(moment.time, data.timezone, false)}  ${moment.title}`, box.x, y, { width: box.width, height: 12, ellipsis: true });
    doc.font('regular').fontSize(8).fillColor(ink).text(moment.explanation, box.x + 10, doc.y + 1, { width: box.width - 10, height: Math.min(34, end - doc.y - 2), ellipsis: true });
    y = doc.y + 5;
  }
}

function drawNotes(doc: Doc, data: DebriefPage, box: Box) {
  let y = heading(doc, data.notes.isDraft ? 'Debrief notes (automatic draft)' : 'Debrief notes', box, box.y);
  const { well, improve } = data.notes;
  if (!well && !improve) {
    doc.font('regular').fontSize(9).fillColor(muted).text('No debrief written yet.', box.x, y, { width: box.width });
    return;
  }
  // Each part takes what it needs; the first at most half the space, so the second always shows.
  const end = box.y + box.height;
  const half = (end - y) / 2;
  for (const [title, text, room] of [
    ['What went well', well, half],
    ['To improve', improve, Number.POSITIVE_INFINITY],
  ] as const) {
    doc.font('bold').fontSize(9).fillColor(muted).text(title, box.x, y, { width: box.width });
    doc.font('regular').fontSize(9).fillColor(ink).text(text || '—', box.x, doc.y + 2, { width: box.width, height: Math.min(room, end - doc.y) - 14, ellipsis: true });
    y = doc.y + 8;
  }
}

function drawFooter(doc: Doc, data: DebriefPage) {
  const y = page.height - page.margin - 12;
  doc.moveTo(page.margin, y - 6).lineTo(page.width - page.margin, y - 6).lineWidth(0.5).strokeColor(rule).stroke();
  doc.font('bold').fontSize(9).fillColor(ink).text(`Instructor: ${data.instructor ?? '—'}`, page.margin, y, { width: contentWidth / 2, lineBreak: false });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(muted)
    .text(`Made by Skylog on ${formatTime(data.madeAt, data.timezone, true)}`, page.margin + contentWidth / 2, y + 1, { width: contentWidth / 2, align: 'right', lineBreak: false });
}
