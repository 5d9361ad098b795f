import {
  logbookFieldLabels,
  type CategoryClassName,
  type LogbookEntry,
  type LogbookField,
  type LogbookRoutePoint,
  type LogbookVerification,
  logbookMessages,
} from '@skylog/contracts';
import { createPdfDocument, formatTime } from '../../lib/pdf-document.ts';

export type LogbookPdfInput = {
  layout: 'us' | 'easa';
  pilot: { name: string | null; email: string; certificateNumber: string | null };
  /** Oldest first, as a paper logbook fills. */
  entries: LogbookEntry[];
  verification: LogbookVerification;
  /** IANA zone of the printed "made at" time and of the signatures' times. */
  timezone: string;
  madeAt: Date;
};

type Doc = PDFKit.PDFDocument;

/** How a column reads an entry: words, or an amount that the foot of each page adds up. */
type Column = {
  /** The heading over the column, shared with its neighbours when they have their own labels ("Landings": Day, Night). */
  group: string;
  label?: string;
  /** Points; 'rest' for the one column (remarks) that takes what the others leave. */
  width: number | 'rest';
} & ({ text: (entry: LogbookEntry) => string } | { amount: (entry: LogbookEntry) => number; unit: 'hours' | 'count' });

type Layout = {
  /** Landscape, in points: one sheet carries both facing pages of a paper logbook. */
  size: [number, number];
  heading: string;
  certificateLabel: string;
  /**
   * Hours in the whole units the layout prints (tenths, minutes): each cell is rounded once, and a page's totals add
   * up those units, so they are the sums of what the page shows, as a reader with a calculator would check them.
   */
  clock: { units: (hours: number) => number; print: (units: number) => string };
  day: (day: string) => string;
  totalsLabels: readonly [thisPage: string, forwarded: string, toDate: string];
  columns: Column[];
};

const margin = 24;
const ink = '#0f172a';
const muted = '#64748b';
const rule = '#cbd5e1';
const alert = '#b91c1c';
const good = '#15803d';
const headingHeight = 40;
/** The column headings: a group's band above its columns' own labels, two lines each. */
const groupBand = 14;
const labelBand = 14;
const headingFont = 5;
/** An entry: its cells (two lines, so make and model or remarks can wrap once), then its signature line. */
const rowHeight = 25;
const cellBand = 17;
const totalsRowHeight = 11;
const footerHeight = 20;
const cellFont = 6.5;
const smallFont = 5.5;
const cellPadding = 2;
/** Lines of text sit this many times their font size apart. */
const leading = 1.1;

const classes: Record<CategoryClassName, { short: string; engines: 'SE' | 'ME' | null }> = {
  'airplane single-engine land': { short: 'ASEL', engines: 'SE' },
  'airplane single-engine sea': { short: 'ASES', engines: 'SE' },
  'airplane multiengine land': { short: 'AMEL', engines: 'ME' },
  'airplane multiengine sea': { short: 'AMES', engines: 'ME' },
  // The class alone does not say how many engines a helicopter, a powered-lift or an airship has.
  'rotorcraft helicopter': { short: 'RH', engines: null },
  'rotorcraft gyroplane': { short: 'RG', engines: 'SE' },
  glider: { short: 'Glider', engines: null },
  'lighter-than-air balloon': { short: 'LTA-B', engines: null },
  'lighter-than-air airship': { short: 'LTA-A', engines: null },
  'powered-lift': { short: 'PL', engines: null },
  'powered parachute': { short: 'PPC', engines: 'SE' },
  'weight-shift-control': { short: 'WSC', engines: 'SE' },
};

const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

function placeName(point: LogbookRoutePoint | undefined): string {
  if (!point) return '';
  if (point.airport) return point.airport;
  return point.latitude === null || point.longitude === null ? '?' : `${point.latitude.toFixed(2)}, ${point.longitude.toFixed(2)}`;
}

const departure = (entry: LogbookEntry) => placeName(entry.route[0]);
const arrival = (entry: LogbookEntry) => (entry.route.length > 1 ? placeName(entry.route.at(-1)) : '');

/** UTC hours and minutes of an instant, as Part-FCL logbooks record departure and arrival. */
const utcTime = (instant: string | null) => (instant ? new Date(instant).toISOString().slice(11, 16) : '');

/** SIC time is logged only where the aircraft or the operation needs more than one pilot (14 CFR 61.51(f)): Part-FCL's multi-pilot time. */
const isMultiPilot = (entry: LogbookEntry) => entry.sic_hours > 0;

const fieldLabel = (field: string) => (Object.hasOwn(logbookFieldLabels, field) ? logbookFieldLabels[field as LogbookField] : field);

/** Remarks and endorsements: what the entry marks (a flight review, the safety pilot), what the layout has no column for, then the pilot's words. */
function remarks(entry: LogbookEntry, withoutColumn: string[]): string {
  const marks = (['flight_review', 'instrument_proficiency_check', 'practical_test_preparation'] as const)
    .filter((field) => entry[field])
    .map((field) => logbookFieldLabels[field]);
  const named = (['safety_pilot', 'approach_types'] as const)
    .filter((field) => entry[field])
    .map((field) => `${logbookFieldLabels[field]}: ${oneLine(entry[field])}`);
  return [...marks, ...named, ...withoutColumn, oneLine(entry.remarks)].filter(Boolean).join(' · ');
}

const tenths = {
  units: (hours: number) => Math.round(hours * 10),
  print: (units: number) => `${Math.floor(units / 10)}.${units % 10}`,
};
const minutes = {
  units: (hours: number) => Math.round(hours * 60),
  print: (units: number) => `${Math.floor(units / 60)}:${String(units % 60).padStart(2, '0')}`,
};

/** dd/mm/yy, the day as Part-FCL logbooks write it; anything not a day is printed as it came. */
function europeanDay(day: string): string {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

const hoursColumn = (group: string, field: keyof LogbookEntry & `${string}_hours`, label?: string): Column => ({
  group,
  ...(label ? { label } : {}),
  width: 28,
  unit: 'hours',
  amount: (entry) => entry[field] ?? 0,
});
const countColumn = (group: string, label: string, amount: (entry: LogbookEntry) => number): Column => ({
  group,
  label,
  width: 22,
  unit: 'count',
  amount,
});

/** The columns of 14 CFR 61.51(b), in the order of a paper US logbook's two facing pages. */
const usLayout: Layout = {
  size: [792, 612],
  heading: 'PILOT LOGBOOK · 14 CFR 61.51(b)',
  certificateLabel: 'Certificate',
  clock: tenths,
  day: (day) => day,
  totalsLabels: ['Totals this page', 'Amount forwarded', 'Total to date'],
  columns: [
    { group: 'Date', width: 44, text: (entry) => entry.date },
    { group: 'Aircraft make and model', width: 54, text: (entry) => entry.aircraft_make_model ?? '' },
    { group: 'Aircraft identification', width: 38, text: (entry) => entry.aircraft_identification ?? '' },
    { group: 'Route of flight', label: 'From', width: 28, text: departure },
    {
      group: 'Route of flight',
      label: 'To',
      width: 36,
      text: (entry) => {
        const via = entry.route.slice(1, -1).map(placeName);
        return via.length > 0 ? `${arrival(entry)}\nvia ${via.join(' ')}` : arrival(entry);
      },
    },
    countColumn('Approaches / holds', 'Appr.', (entry) => entry.approaches),
    countColumn('Approaches / holds', 'Holds', (entry) => entry.holds),
    { group: 'Remarks and endorsements', width: 'rest', text: (entry) => remarks(entry, []) },
    countColumn('Landings (full stop)', 'Day', (entry) => entry.day_full_stop_landings),
    countColumn('Landings (full stop)', 'Night', (entry) => entry.night_full_stop_landings),
    { group: 'Category and class', width: 30, text: (entry) => classes[entry.category_class].short },
    hoursColumn('Cross-country', 'cross_country_hours'),
    hoursColumn('Conditions of flight', 'night_hours', 'Night'),
    hoursColumn('Conditions of flight', 'actual_instrument_hours', 'Actual instr.'),
    hoursColumn('Conditions of flight', 'simulated_instrument_hours', 'Sim. instr.'),
    hoursColumn('Simulator / FTD', 'simulator_hours'),
    hoursColumn('Type of piloting time', 'dual_received_hours', 'Dual received'),
    hoursColumn('Type of piloting time', 'pic_hours', 'PIC'),
    hoursColumn('Type of piloting time', 'sic_hours', 'SIC'),
    hoursColumn('Type of piloting time', 'solo_hours', 'Solo'),
    hoursColumn('Type of piloting time', 'dual_given_hours', 'Dual given'),
    hoursColumn('Total duration of flight', 'total_hours'),
  ],
};

/**
 * The pilot logbook of AMC1 FCL.050 (EASA Part-FCL, ED Decision 2022/014/R): columns 1 to 9 on its left-hand page
 * (date, departure, arrival, aircraft, single-pilot SE/ME, multi-pilot, total time of flight, name of PIC, landings
 * day/night) and 10 to 13 on its right-hand page (operational condition night/IFR; pilot function PIC, co-pilot,
 * dual, instructor; FSTD session; remarks and endorsements), numbered and headed as the AMC's page is. Its
 * instructions ask for hours and minutes, dd/mm/yy dates, times in UTC and "SELF" when the holder was PIC.
 */
const easaLayout: Layout = {
  size: [841.89, 595.28],
  heading: 'PILOT LOGBOOK · PART-FCL (AMC1 FCL.050)',
  certificateLabel: 'Licence',
  clock: minutes,
  day: europeanDay,
  totalsLabels: ['Total this page', 'Total from previous pages', 'Total time'],
  columns: [
    { group: '1 Date (dd/mm/yy)', width: 34, text: (entry) => europeanDay(entry.date) },
    { group: '2 Departure', label: 'Place', width: 26, text: departure },
    { group: '2 Departure', label: 'Time', width: 24, text: (entry) => utcTime(entry.takeoff_at) },
    { group: '3 Arrival', label: 'Place', width: 26, text: arrival },
    { group: '3 Arrival', label: 'Time', width: 24, text: (entry) => utcTime(entry.landing_at) },
    { group: '4 Aircraft', label: 'Make, model, variant', width: 50, text: (entry) => entry.aircraft_make_model ?? '' },
    { group: '4 Aircraft', label: 'Registration', width: 34, text: (entry) => entry.aircraft_identification ?? '' },
    ...(['SE', 'ME'] as const).map((engines): Column => ({
      group: '5 Single-pilot time',
      label: engines,
      width: 28,
      unit: 'hours',
      amount: (entry) => (!isMultiPilot(entry) && classes[entry.category_class].engines === engines ? entry.total_hours : 0),
    })),
    { group: '6 Multi-pilot time', width: 28, unit: 'hours', amount: (entry) => (isMultiPilot(entry) ? entry.total_hours : 0) },
    hoursColumn('7 Total time of flight', 'total_hours'),
    {
      group: '8 Name(s) PIC',
      width: 46,
      // Under instruction the instructor is PIC; the signing instructor is the only one the entry names.
      text: (entry) => (entry.dual_received_hours > 0 ? (entry.signature?.instructor_name ?? '') : entry.pic_hours > 0 ? 'SELF' : ''),
    },
    // Night landings are counted to a full stop (14 CFR 61.57(b)); every other landing was by day.
    countColumn('9 Landings', 'Day', (entry) => Math.max(entry.landings - entry.night_full_stop_landings, entry.day_full_stop_landings)),
    countColumn('9 Landings', 'Night', (entry) => entry.night_full_stop_landings),
    hoursColumn('10 Operational condition time', 'night_hours', 'Night'),
    // Flight in actual instrument conditions is flown under IFR; hood time under VFR is not, and goes to the remarks.
    hoursColumn('10 Operational condition time', 'actual_instrument_hours', 'IFR'),
    hoursColumn('11 Pilot function time', 'pic_hours', 'PIC'),
    hoursColumn('11 Pilot function time', 'sic_hours', 'Co-pilot'),
    hoursColumn('11 Pilot function time', 'dual_received_hours', 'Dual'),
    hoursColumn('11 Pilot function time', 'dual_given_hours', 'Instructor'),
    { group: '12 FSTD session', label: 'Date', width: 34, text: (entry) => (entry.simulator_hours > 0 ? europeanDay(entry.date) : '') },
    {
      group: '12 FSTD session',
      label: 'Type',
      width: 34,
      text: (entry) => (entry.simulator_hours > 0 ? (entry.aircraft_make_model ?? '') : ''),
    },
    hoursColumn('12 FSTD session', 'simulator_hours', 'Total time of session'),
    {
      group: '13 Remarks and endorsements',
      width: 'rest',
      text: (entry) =>
        remarks(entry, [
          ...(entry.cross_country_hours > 0
            ? [`${logbookFieldLabels.cross_country_hours} ${minutes.print(minutes.units(entry.cross_country_hours))}`]
            : []),
          ...(entry.simulated_instrument_hours > 0
            ? [`${logbookFieldLabels.simulated_instrument_hours} ${minutes.print(minutes.units(entry.simulated_instrument_hours))}`]
            : []),
          ...(entry.approaches > 0 ? [`${logbookFieldLabels.approaches} ${entry.approaches}`] : []),
          ...(entry.holds > 0 ? [`${logbookFieldLabels.holds} ${entry.holds}`] : []),
        ]),
    },
  ],
};

const layouts: Record<LogbookPdfInput['layout'], Layout> = { us: usLayout, easa: easaLayout };

type Placed = { column: Column; x: number; width: number };

/** The longest start of `text` that fits `width` with an ellipsis after it. */
function withEllipsis(doc: Doc, text: string, width: number): string {
  let cut = text;
  while (cut && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * Text broken into at most `maxLines` lines of `width` in the current font, the last ending in an ellipsis when
 * words were left over: a row keeps its height whatever the pilot typed. Lines break between words and after a
 * word's hyphens ("Cross-|country"); a word wider than a line is cut.
 */
function fitLines(doc: Doc, text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    const pieces = paragraph
      .split(' ')
      .filter(Boolean)
      .flatMap((word) => word.split(/(?<=-)(?=.)/).map((piece, index) => ({ piece, isGlued: index > 0 })));
    for (const { piece: word, isGlued } of pieces) {
      const longer = !line ? word : isGlued ? `${line}${word}` : `${line} ${word}`;
      if (doc.widthOfString(longer) <= width) {
        line = longer;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (doc.widthOfString(line) > width && lines.length <= maxLines) {
        let fits = 1;
        while (doc.widthOfString(line.slice(0, fits + 1)) <= width) fits += 1;
        lines.push(line.slice(0, fits));
        line = line.slice(fits);
      }
      // Words past the last line are not measured: a remark may be 2,000 characters long.
      if (lines.length > maxLines) break;
    }
    lines.push(line);
    if (lines.length > maxLines) break;
  }
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), withEllipsis(doc, lines[maxLines - 1]!, width)];
}

type TextBox = { x: number; y: number; width: number; size: number; lines: number; align?: 'left' | 'center' | 'right' };

/** Text in a box of so many lines, in the font and colour already chosen. */
function drawText(doc: Doc, text: string, box: TextBox) {
  doc.fontSize(box.size);
  fitLines(doc, text, box.width, box.lines).forEach((line, index) => {
    if (line) doc.text(line, box.x, box.y + index * box.size * leading, { width: box.width, align: box.align ?? 'left', lineBreak: false });
  });
}

function place(layout: Layout): Placed[] {
  const available = layout.size[0] - 2 * margin;
  const fixed = layout.columns.reduce((sum, column) => sum + (column.width === 'rest' ? 0 : column.width), 0);
  let x = margin;
  return layout.columns.map((column) => {
    const width = column.width === 'rest' ? available - fixed : column.width;
    const placed = { column, x, width };
    x += width;
    return placed;
  });
}

/** The rows one page holds between its headings and its three totals rows, the same on every page. */
function rowsPerPage(layout: Layout): number {
  const room = layout.size[1] - 2 * margin - headingHeight - groupBand - labelBand - 3 * totalsRowHeight - footerHeight;
  return Math.floor(room / rowHeight);
}

/** The amount a column adds for an entry, in the layout's units; null for a column of words. */
function unitsOf(layout: Layout, column: Column, entry: LogbookEntry): number | null {
  if (!('amount' in column)) return null;
  const amount = column.amount(entry);
  return column.unit === 'hours' ? layout.clock.units(amount) : Math.round(amount);
}

function printUnits(layout: Layout, column: Column, units: number): string {
  return 'amount' in column && column.unit === 'hours' ? layout.clock.print(units) : String(units);
}

/**
 * A pilot's logbook as the PDF a paper logbook would be: landscape sheets of 14 CFR 61.51(b)'s columns (US) or of
 * AMC1 FCL.050's (EASA), each page with its totals, the amount forwarded and the total to date, every entry with
 * its signature's state, and on every page the pilot, the page number and the check of the signatures' chain.
 * Rows have a fixed height: long words end with an ellipsis, never on another page.
 */
export async function logbookPdf(input: LogbookPdfInput): Promise<Buffer> {
  const layout = layouts[input.layout];
  const pilotName = input.pilot.name ?? input.pilot.email;
  const { doc, bytes } = await createPdfDocument({
    autoFirstPage: false,
    info: { Title: `Pilot logbook: ${pilotName}`, Author: pilotName, Creator: 'Skylog', CreationDate: input.madeAt },
  });
  const cells = place(layout);
  const perPage = rowsPerPage(layout);
  const pageCount = Math.max(1, Math.ceil(input.entries.length / perPage));
  const tableTop = margin + headingHeight;
  const rowsTop = tableTop + groupBand + labelBand;
  const totalsTop = rowsTop + perPage * rowHeight;
  let forwarded = cells.map(() => 0);
  for (let index = 0; index < pageCount; index += 1) {
    // No margins for PDFKit: every position is set here, and text near the foot must not start a page of its own.
    doc.addPage({ size: layout.size, margin: 0 });
    drawHeading(doc, input, layout, pilotName, `Page ${index + 1} of ${pageCount}`);
    drawColumnHeadings(doc, cells, tableTop, totalsTop + 3 * totalsRowHeight);
    const entries = input.entries.slice(index * perPage, (index + 1) * perPage);
    entries.forEach((entry, row) => drawEntry(doc, layout, cells, entry, rowsTop + row * rowHeight, input.timezone));
    const thisPage = cells.map(({ column }) => entries.reduce((sum, entry) => sum + (unitsOf(layout, column, entry) ?? 0), 0));
    const toDate = thisPage.map((units, column) => units + forwarded[column]!);
    [thisPage, forwarded, toDate].forEach((units, row) =>
      drawTotals(doc, layout, cells, layout.totalsLabels[row]!, units, totalsTop + row * totalsRowHeight),
    );
    drawFooter(doc, layout, input);
    forwarded = toDate;
  }
  doc.end();
  return bytes;
}

function drawHeading(doc: Doc, input: LogbookPdfInput, layout: Layout, pilotName: string, pageNumber: string) {
  const width = layout.size[0] - 2 * margin;
  doc.font('regular').fontSize(7).fillColor(muted).text(layout.heading, margin, margin, { characterSpacing: 0.8, lineBreak: false });
  doc.font('bold').fillColor(ink);
  drawText(doc, pilotName, { x: margin, y: margin + 10, width: width * 0.6, size: 12, lines: 1 });
  const identity = [
    input.pilot.certificateNumber ? `${layout.certificateLabel} ${input.pilot.certificateNumber}` : null,
    input.pilot.email,
  ];
  doc.font('regular').fillColor(muted);
  drawText(doc, identity.filter(Boolean).join(' · '), { x: margin, y: margin + 26, width: width * 0.6, size: 7, lines: 1 });
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(ink)
    .text(pageNumber, margin + width * 0.6, margin + 12, { width: width * 0.4, align: 'right', lineBreak: false });
  doc
    .font('regular')
    .fontSize(7)
    .fillColor(muted)
    .text(`Made by Skylog on ${formatTime(input.madeAt, input.timezone, true)}`, margin + width * 0.6, margin + 26, {
      width: width * 0.4,
      align: 'right',
      lineBreak: false,
    });
}

function verticalRule(doc: Doc, x: number, top: number, bottom: number) {
  doc.moveTo(x, top).lineTo(x, bottom).lineWidth(0.4).strokeColor(rule).stroke();
}

function horizontalRule(doc: Doc, cells: Placed[], y: number, width = 0.4) {
  const last = cells.at(-1)!;
  doc
    .moveTo(cells[0]!.x, y)
    .lineTo(last.x + last.width, y)
    .lineWidth(width)
    .strokeColor(rule)
    .stroke();
}

/** Headings over the columns; a group's heading spans its columns, a column on its own takes both bands. */
function drawColumnHeadings(doc: Doc, cells: Placed[], top: number, tableBottom: number) {
  const headingText = (text: string, x: number, y: number, width: number, height: number) =>
    drawText(doc, text, {
      x: x + 1,
      y: y + 2,
      width: width - 2,
      size: headingFont,
      lines: Math.floor((height - 2) / (headingFont * leading)),
      align: 'center',
    });
  doc.font('regular').fillColor(ink);
  for (let index = 0; index < cells.length;) {
    const { column, x } = cells[index]!;
    const span = cells.slice(index, index + countWhile(cells.slice(index), (cell) => cell.column.group === column.group));
    const width = span.reduce((sum, cell) => sum + cell.width, 0);
    if (column.label === undefined) {
      headingText(column.group, x, top, width, groupBand + labelBand);
    } else {
      headingText(column.group, x, top, width, groupBand);
      doc
        .moveTo(x, top + groupBand)
        .lineTo(x + width, top + groupBand)
        .lineWidth(0.4)
        .strokeColor(rule)
        .stroke();
      for (const cell of span) headingText(cell.column.label ?? '', cell.x, top + groupBand, cell.width, labelBand);
    }
    index += span.length;
  }
  horizontalRule(doc, cells, top, 0.8);
  horizontalRule(doc, cells, top + groupBand + labelBand, 0.8);
  // Rules between columns run through the headings and the totals; entries draw their own, above their signature line.
  for (const cell of [...cells, null]) {
    const x = cell ? cell.x : cells.at(-1)!.x + cells.at(-1)!.width;
    const isGroupEdge = !cell || cell === cells[0] || cells[cells.indexOf(cell) - 1]!.column.group !== cell.column.group;
    verticalRule(doc, x, isGroupEdge ? top : top + groupBand, top + groupBand + labelBand);
    verticalRule(doc, x, tableBottom - 3 * totalsRowHeight, tableBottom);
  }
}

function countWhile<T>(items: T[], test: (item: T) => boolean): number {
  const stop = items.findIndex((item) => !test(item));
  return stop === -1 ? items.length : stop;
}

/** An amount right-aligned in its cell, its font made smaller rather than let a long total spill into the next. */
function drawAmount(doc: Doc, text: string, cell: Placed, y: number, font: 'regular' | 'bold') {
  const room = cell.width - 2 * cellPadding;
  doc.font(font).fontSize(cellFont);
  const size = Math.min(cellFont, (cellFont * room) / doc.widthOfString(text));
  doc.fontSize(size).text(text, cell.x + cellPadding, y + (cellFont - size), { width: room, align: 'right', lineBreak: false });
}

function drawEntry(doc: Doc, layout: Layout, cells: Placed[], entry: LogbookEntry, y: number, timezone: string) {
  for (const cell of cells) {
    verticalRule(doc, cell.x, y, y + cellBand);
    const units = unitsOf(layout, cell.column, entry);
    if ('text' in cell.column) {
      doc.font('regular').fillColor(ink);
      drawText(doc, cell.column.text(entry), {
        x: cell.x + cellPadding,
        y: y + 2.5,
        width: cell.width - 2 * cellPadding,
        size: cellFont,
        lines: 2,
      });
    } else if (units) {
      doc.fillColor(ink);
      drawAmount(doc, printUnits(layout, cell.column, units), cell, y + 2.5, 'regular');
    }
  }
  const last = cells.at(-1)!;
  verticalRule(doc, last.x + last.width, y, y + cellBand);
  drawSignatureLine(
    doc,
    signatureLine(entry, layout, timezone),
    cells[0]!.x + cellPadding,
    y + cellBand,
    last.x + last.width - cells[0]!.x - 2 * cellPadding,
  );
  horizontalRule(doc, cells, y + rowHeight);
}

type Segment = { text: string; font: 'regular' | 'bold'; colour: string };

/** The entry's signature as the verification sees it, and an imported entry's paper signature, never taken for one. */
function signatureLine(entry: LogbookEntry, layout: Layout, timezone: string): Segment[] {
  const segments: Segment[] = [];
  const { signature } = entry;
  if (signature) {
    const signer = `${signature.instructor_name}, ${signature.certificate_number} exp ${layout.day(signature.certificate_expires)}`;
    const signedAt = formatTime(new Date(signature.signed_at), timezone, true);
    if (signature.status === 'invalid') {
      const changed = signature.changed_fields.map(fieldLabel).join(', ');
      segments.push(
        { text: `✗ ${logbookMessages.signatureNoLongerValid}`, font: 'bold', colour: alert },
        { text: `(signed by ${signer} on ${signedAt}${changed ? `; changed since: ${changed}` : ''})`, font: 'regular', colour: alert },
      );
    } else {
      segments.push({ text: `✓ ${logbookMessages.signatureValid} ${signer} on ${signedAt}`, font: 'regular', colour: good });
    }
  }
  if (entry.imported_attestation) {
    segments.push({
      text: `Imported attestation, not a Skylog signature: ${oneLine(entry.imported_attestation)}`,
      font: 'regular',
      colour: muted,
    });
  }
  return segments.length > 0 ? segments : [{ text: 'Not signed', font: 'regular', colour: muted }];
}

function drawSignatureLine(doc: Doc, segments: Segment[], x: number, y: number, width: number) {
  let left = x;
  for (const segment of segments) {
    const room = x + width - left;
    if (room < 20) break;
    doc.font(segment.font).fillColor(segment.colour);
    drawText(doc, segment.text, { x: left, y: y + 1, width: room, size: smallFont, lines: 1 });
    left += Math.min(doc.widthOfString(segment.text), room) + 4;
  }
}

function drawTotals(doc: Doc, layout: Layout, cells: Placed[], label: string, units: number[], y: number) {
  const firstAmount = cells.findIndex((cell) => 'amount' in cell.column);
  const labelWidth = cells[firstAmount]!.x - cells[0]!.x;
  doc.rect(cells[0]!.x, y, labelWidth, totalsRowHeight).fillColor('#f1f5f9').fill();
  doc
    .font('bold')
    .fontSize(cellFont)
    .fillColor(ink)
    .text(label, cells[0]!.x + cellPadding, y + 2, { width: labelWidth - 2 * cellPadding, lineBreak: false });
  cells.forEach((cell, index) => {
    if ('amount' in cell.column) drawAmount(doc, printUnits(layout, cell.column, units[index]!), cell, y + 2, 'bold');
  });
  horizontalRule(doc, cells, y + totalsRowHeight, 0.8);
}

/** The check of the signatures' hash chain, in words, on every page: a page read alone still says whether to trust it. */
function verificationText(verification: LogbookVerification, timezone: string): { text: string; isSound: boolean } {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const chain = verification.chain.valid
    ? 'chain intact'
    : `chain broken${verification.chain.break ? `: ${verification.chain.break.message}` : ''}`;
  const invalid = verification.invalid_entries.length;
  const parts = [
    count(verification.signatures, 'signature', 'signatures'),
    chain,
    ...(invalid > 0 ? [`${count(invalid, 'entry', 'entries')} with a signature no longer valid`] : []),
  ];
  return {
    text: `Signatures checked ${formatTime(new Date(verification.checked_at), timezone, true)}: ${parts.join(', ')}`,
    isSound: verification.chain.valid && invalid === 0,
  };
}

function drawFooter(doc: Doc, layout: Layout, input: LogbookPdfInput) {
  const { text, isSound } = verificationText(input.verification, input.timezone);
  const y = layout.size[1] - margin - 9;
  doc.font(isSound ? 'regular' : 'bold').fillColor(isSound ? ink : alert);
  drawText(doc, text, { x: margin, y, width: layout.size[0] - 2 * margin, size: 7, lines: 1 });
}
