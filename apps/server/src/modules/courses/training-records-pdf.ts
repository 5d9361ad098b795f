import { enrollmentStatusLabels, gradingScales, lessonStatusLabels } from '@skylog/contracts';
import { createPdfDocument, formatTime } from '../../lib/pdf-document.ts';
import type { RecordLesson, TrainingRecords } from './training-records.service.ts';

/**
 * Printed training papers (docs/product.md "Lessons and grading"): the enrolment's record of 14 CFR 141.101 here, and
 * the drawing both it and the hand-off brief use — text cut to its room with an ellipsis, and tables of one-line rows.
 */

export type Doc = PDFKit.PDFDocument;

export const colours = { ink: '#0f172a', muted: '#64748b', rule: '#cbd5e1', alert: '#b91c1c' } as const;
export type Font = 'regular' | 'bold';

/** The longest start of `text` that fits `width` with an ellipsis after it, in the current font. */
function withEllipsis(doc: Doc, text: string, width: number): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle).trimEnd()}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

/** How many characters of `text` fit `width` (at least one, so a line always moves on). */
function fittingLength(doc: Doc, text: string, width: number): number {
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(text.slice(0, middle)) <= width) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * `text` broken between words into lines of `width` in the current font (a word wider than a line is cut); past
 * `maxLines` the last line ends in an ellipsis, so a block keeps the height it was given.
 */
export function wrapText(doc: Doc, text: string, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const longer = line ? `${line} ${word}` : word;
    if (doc.widthOfString(longer) <= width) {
      line = longer;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (doc.widthOfString(line) > width) {
      const fits = fittingLength(doc, line, width);
      lines.push(line.slice(0, fits));
      line = line.slice(fits);
    }
    // Words past the last line are not measured: a remark may be thousands of characters long.
    if (lines.length > maxLines) break;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), withEllipsis(doc, `${lines[maxLines - 1]} ${lines[maxLines]}`, width)];
}

type TextStyle = { size: number; font?: Font; colour?: string; align?: 'left' | 'right' };

/** Text on one line of `width`, cut with an ellipsis when longer. */
export function drawLine(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle) {
  doc
    .font(style.font ?? 'regular')
    .fontSize(style.size)
    .fillColor(style.colour ?? colours.ink);
  const whole = text.replace(/\s+/g, ' ').trim();
  const [line = ''] = doc.widthOfString(whole) <= width ? [whole] : wrapText(doc, whole, width, 1);
  if (line) doc.text(line, x, y, { width, align: style.align ?? 'left', lineBreak: false });
}

/** Lines of text from `y`, at most `maxLines`; answers the y below them. */
export function drawLines(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle & { maxLines: number }): number {
  doc
    .font(style.font ?? 'regular')
    .fontSize(style.size)
    .fillColor(style.colour ?? colours.ink);
  const lines = wrapText(doc, text, width, style.maxLines);
  const step = style.size * 1.25;
  lines.forEach((line, index) => doc.text(line, x, y + index * step, { width, lineBreak: false }));
  return y + lines.length * step;
}

export function drawRule(doc: Doc, x: number, y: number, width: number, weight = 0.4) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(weight)
    .strokeColor(colours.rule)
    .stroke();
}

/** A section's title over a rule; answers where its content starts. */
export function drawSectionTitle(doc: Doc, title: string, x: number, y: number, width: number): number {
  drawLine(doc, title, x, y, width, { size: 9.5, font: 'bold' });
  drawRule(doc, x, y + 13, width, 0.8);
  return y + 17;
}

export type TableColumn<Row> = {
  label: string;
  /** Points; 'rest' for the one column that takes what the others leave. */
  width: number | 'rest';
  text: (row: Row) => string;
  align?: 'left' | 'right';
  font?: (row: Row) => Font;
};

export type TableRoom<Row> = {
  x: number;
  width: number;
  bottom: number;
  /** Starts another page and answers where the table goes on; without it, the rows that do not fit are counted in a last line. */
  nextPage?: () => number;
  /** A rule above the rows it is true for: where a new group (a lesson) begins. */
  startsGroup?: (index: number) => boolean;
  /** The row as it is drawn first on a page its group began before: saying which group goes on. */
  continued?: (row: Row) => Row;
};

const tableFont = 6.8;
export const tableRowHeight = 10.5;
const cellPadding = 2;

/** A table of one-line rows under its headings (repeated on each page it goes on to); answers the y below it. */
export function drawTable<Row>(doc: Doc, columns: readonly TableColumn<Row>[], rows: readonly Row[], top: number, room: TableRoom<Row>): number {
  const fixed = columns.reduce((sum, column) => sum + (column.width === 'rest' ? 0 : column.width), 0);
  let left = room.x;
  const cells = columns.map((column) => {
    const width = column.width === 'rest' ? room.width - fixed : column.width;
    const cell = { column, x: left, width };
    left += width;
    return cell;
  });
  const headings = (y: number) => {
    for (const { column, x, width } of cells)
      drawLine(doc, column.label, x + cellPadding, y, width - 2 * cellPadding, { size: 6.3, font: 'bold', colour: colours.muted, align: column.align ?? 'left' });
    drawRule(doc, room.x, y + 9, room.width);
    return y + 12;
  };
  let y = headings(top);
  for (const [index, row] of rows.entries()) {
    const isLast = index === rows.length - 1;
    if (!room.nextPage && y + tableRowHeight * (isLast ? 1 : 2) > room.bottom) {
      drawLine(doc, `… and ${rows.length - index} more`, room.x + cellPadding, y, room.width, { size: tableFont, colour: colours.muted });
      return y + tableRowHeight;
    }
    let shown = row;
    if (room.nextPage && y + tableRowHeight > room.bottom) {
      y = headings(room.nextPage());
      if (room.continued && !room.startsGroup?.(index)) shown = room.continued(row);
    }
    if (index > 0 && room.startsGroup?.(index)) drawRule(doc, room.x, y - 1.5, room.width);
    for (const { column, x, width } of cells)
      drawLine(doc, column.text(shown), x + cellPadding, y, width - 2 * cellPadding, { size: tableFont, font: column.font?.(shown) ?? 'regular', align: column.align ?? 'left' });
    y += tableRowHeight;
  }
  if (rows.length === 0) {
    drawLine(doc, 'None', room.x + cellPadding, y, room.width, { size: tableFont, colour: colours.muted });
    y += tableRowHeight;
  }
  return y;
}

export const hoursText = (hours: number) => (hours > 0 ? hours.toFixed(1) : '');

// The record of 14 CFR 141.101

/** A4 landscape: a lesson's items and its instructor fit across one line. */
const page = { width: 841.89, height: 595.28, margin: 32 };
const contentWidth = page.width - 2 * page.margin;
const footerTop = page.height - page.margin - 8;
const bottom = footerTop - 10;

/**
 * One line of the lessons table. A lesson's first line carries its date, hours and status and its first item; the
 * lines under it the rest of its items, their remarks and the lesson's remarks. Words wrap onto the lines below
 * rather than being cut: the record keeps every word.
 */
type LessonLine = {
  /** On a lesson's first line only: where a new lesson begins. */
  lesson: RecordLesson | null;
  of: RecordLesson;
  /** The first line on a page, of a lesson begun on the page before. */
  isContinued: boolean;
  isStageCheck: boolean;
  stage: string;
  title: string;
  instructor: string;
  item: string;
  taskCode: string;
  grade: string;
  required: string;
};

const widths = { date: 48, stage: 84, title: 138, flight: 36, ground: 40, instructor: 88, taskCode: 42, grade: 28, required: 40, status: 56 };
const itemWidth = contentWidth - Object.values(widths).reduce((sum, width) => sum + width, 0);

const lessonColumns: TableColumn<LessonLine>[] = [
  { label: 'Date', width: widths.date, text: (line) => (line.lesson || line.isContinued ? line.of.date : '') },
  { label: 'Stage', width: widths.stage, text: (line) => line.stage },
  { label: 'Lesson', width: widths.title, text: (line) => (line.isContinued && !line.title ? `${line.of.title} (continued)` : line.title), font: (line) => (line.isStageCheck ? 'bold' : 'regular') },
  { label: 'Flight h', width: widths.flight, align: 'right', text: (line) => (line.lesson ? hoursText(line.lesson.flightHours) : '') },
  { label: 'Ground h', width: widths.ground, align: 'right', text: (line) => (line.lesson ? hoursText(line.lesson.groundHours) : '') },
  { label: 'Instructor', width: widths.instructor, text: (line) => line.instructor },
  { label: 'Item', width: itemWidth, text: (line) => line.item },
  { label: 'ACS task', width: widths.taskCode, text: (line) => line.taskCode },
  { label: 'Grade', width: widths.grade, align: 'right', text: (line) => line.grade, font: (line) => (line.grade ? 'bold' : 'regular') },
  { label: 'Required', width: widths.required, align: 'right', text: (line) => line.required },
  { label: 'Status', width: widths.status, text: (line) => (line.lesson ? lessonStatusLabels[line.lesson.status] : '') },
];

function lessonLines(doc: Doc, lesson: RecordLesson): LessonLine[] {
  const wrap = (text: string, width: number, font: Font = 'regular') => {
    doc.font(font).fontSize(tableFont);
    return wrapText(doc, text, width - 2 * cellPadding);
  };
  const blank = { item: '', taskCode: '', grade: '', required: '' };
  const notes = (text: string) => wrap(text, itemWidth).map((item) => ({ ...blank, item }));
  const items = lesson.items.flatMap((item) => {
    const [first = '', ...rest] = wrap(item.required ? item.title : `${item.title} (optional)`, itemWidth);
    return [
      { item: first, taskCode: item.taskCode ?? '', grade: item.grade ?? '–', required: item.requiredGrade },
      ...rest.map((line) => ({ ...blank, item: line })),
      ...(item.remark ? notes(`— ${item.remark}`) : []),
    ];
  });
  const cells = [...items, ...(lesson.remarks ? notes(`Remarks: ${lesson.remarks}`) : [])];
  const stages = wrap(lesson.stage, widths.stage);
  const titles = wrap(`${lesson.title}${lesson.stageCheck ? ' (stage check)' : ''}`, widths.title, lesson.stageCheck ? 'bold' : 'regular');
  const instructors = wrap(lesson.instructor ?? '', widths.instructor);
  const count = Math.max(1, cells.length, stages.length, titles.length, instructors.length);
  return Array.from({ length: count }, (_, index) => ({
    lesson: index === 0 ? lesson : null,
    of: lesson,
    isContinued: false,
    isStageCheck: lesson.stageCheck,
    stage: stages[index] ?? '',
    title: titles[index] ?? '',
    instructor: instructors[index] ?? '',
    ...(cells[index] ?? blank),
  }));
}

const signedAtText = (lesson: RecordLesson, timezone: string) => (lesson.signature ? formatTime(new Date(lesson.signature.signed_at), timezone, true) : '');

const stageCheckColumns = (timezone: string): TableColumn<RecordLesson>[] => [
  { label: 'Date', width: 60, text: (lesson) => lesson.date },
  { label: 'Stage', width: 140, text: (lesson) => lesson.stage },
  { label: 'Check', width: 'rest', text: (lesson) => lesson.title },
  { label: 'Check instructor', width: 130, text: (lesson) => lesson.instructor ?? '' },
  { label: 'Certificate', width: 90, text: (lesson) => lesson.signature?.certificate_number ?? '' },
  { label: 'Signed', width: 120, text: (lesson) => signedAtText(lesson, timezone) },
  { label: 'Result', width: 70, text: (lesson) => lessonStatusLabels[lesson.status], font: () => 'bold' },
];

const proofLabels = { password: 'Password', authenticator: 'Authenticator code' } as const;

const signatureColumns = (timezone: string): TableColumn<RecordLesson>[] => [
  { label: 'Date', width: 60, text: (lesson) => lesson.date },
  { label: 'Lesson', width: 'rest', text: (lesson) => lesson.title },
  { label: 'Signed by', width: 130, text: (lesson) => lesson.signature?.instructor_name ?? '' },
  { label: 'Certificate', width: 90, text: (lesson) => lesson.signature?.certificate_number ?? '' },
  { label: 'Expires', width: 60, text: (lesson) => lesson.signature?.certificate_expires ?? '' },
  { label: 'Signed at', width: 120, text: (lesson) => signedAtText(lesson, timezone) },
  { label: 'Proof', width: 90, text: (lesson) => (lesson.signature ? proofLabels[lesson.signature.method] : '') },
];

function standingText(records: TrainingRecords): string {
  if (records.status === 'graduated' && records.graduatedOn) return `Graduated on ${records.graduatedOn}`;
  return enrollmentStatusLabels[records.status];
}

/**
 * The enrolment's record to file (14 CFR 141.101(a)): on the first page the school, student, course and revision, the
 * enrolment date and the standing; then every lesson in the order given with its day, hours, instructor and each
 * item's grade against the grade it asks, the stage checks, the instructors' signatures and the graduation. Every
 * page names the student and course and is numbered "page n of m".
 */
export async function trainingRecordsPdf(records: TrainingRecords, { timezone, madeAt }: { timezone: string; madeAt: Date }): Promise<Buffer> {
  const title = `Training record: ${records.student}, ${records.course.name}`;
  const { doc, bytes } = await createPdfDocument({
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: title, Author: records.school ?? 'Skylog', Creator: 'Skylog', CreationDate: madeAt },
  });
  const { margin } = page;
  // No margins for PDFKit: every position is set here, and text near the foot must not start a page of its own.
  const newPage = () => {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    return margin;
  };
  const continuedPage = () => {
    const top = newPage();
    drawLine(doc, `TRAINING RECORD · ${records.student} · ${records.course.name}`, margin, top, contentWidth, { size: 7, colour: colours.muted });
    return top + 16;
  };
  let y = newPage();
  drawLine(doc, 'TRAINING RECORD · 14 CFR 141.101', margin, y, contentWidth, { size: 7, colour: colours.muted });
  drawLine(doc, records.student, margin, y + 10, contentWidth, { size: 16, font: 'bold' });
  const course = [records.school, records.course.name, `Part ${records.course.part}`, `revision ${records.course.revision}`, `graded ${gradingScales[records.course.scale].label}`];
  drawLine(doc, course.filter(Boolean).join(' · '), margin, y + 32, contentWidth, { size: 9 });
  drawLine(doc, `Enrolled on ${records.enrolledOn} · ${standingText(records)}`, margin, y + 45, contentWidth, { size: 9, font: 'bold' });
  y += 66;

  const room = { x: margin, width: contentWidth, bottom, nextPage: continuedPage };
  const section = (name: string) => {
    if (y + 40 > bottom) y = continuedPage();
    y = drawSectionTitle(doc, name, margin, y, contentWidth);
  };
  section('Lessons');
  const lines = records.lessons.flatMap((lesson) => lessonLines(doc, lesson));
  y = drawTable(doc, lessonColumns, lines, y, { ...room, startsGroup: (index) => lines[index]!.lesson !== null, continued: (line) => ({ ...line, isContinued: true }) }) + 12;
  section('Stage checks');
  y = drawTable(doc, stageCheckColumns(timezone), records.lessons.filter((lesson) => lesson.stageCheck), y, room) + 12;
  section('Signatures (AC 120-78)');
  y = drawTable(doc, signatureColumns(timezone), records.lessons.filter((lesson) => lesson.signature !== null), y, room) + 12;
  section('Graduation');
  drawLine(doc, records.status === 'graduated' ? standingText(records) : `Not graduated: the enrolment is ${enrollmentStatusLabels[records.status].toLowerCase()}`, margin, y, contentWidth, {
    size: 9,
    font: 'bold',
  });

  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    drawRule(doc, margin, footerTop - 3, contentWidth);
    const made = `${records.student} · ${records.course.name}, revision ${records.course.revision} · Made by Skylog on ${formatTime(madeAt, timezone, true)}`;
    drawLine(doc, made, margin, footerTop, contentWidth * 0.8, { size: 6.5, colour: colours.muted });
    drawLine(doc, `Page ${index - start + 1} of ${count}`, margin + contentWidth * 0.8, footerTop, contentWidth * 0.2, { size: 6.5, colour: colours.muted, align: 'right' });
  }
  doc.end();
  return bytes;
}
