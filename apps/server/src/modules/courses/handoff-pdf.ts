import { lessonStatusLabels, type HandoffBrief } from '@skylog/contracts';
import { createPdfDocument, formatTime } from '../../lib/pdf-document.ts';
import { colours, drawLine, drawLines, drawRule, drawSectionTitle, drawTable, tableRowHeight, type Doc, type TableColumn } from './training-records-pdf.ts';

/** A4 portrait, one page: what the next instructor reads before the flight. */
const page = { width: 595.28, height: 841.89, margin: 36 };
const contentWidth = page.width - 2 * page.margin;
const footerTop = page.height - page.margin - 8;

/** The most rows each table keeps on the page; more are counted in a last line ("… and 3 more"). */
const maxRows = { rework: 7, moments: 6, currency: 6, endorsements: 6 } as const;

const planTexts = { ahead: 'Ahead of plan', 'on-track': 'On track', behind: 'Behind plan' } as const;

function drawEnrollment(doc: Doc, brief: HandoffBrief, y: number): number {
  const { margin } = page;
  const enrollment = brief.enrollment;
  if (!enrollment) return drawLines(doc, 'Not enrolled on a course.', margin, y, contentWidth, { size: 9.5, colour: colours.muted, maxLines: 1 });
  const course = `${enrollment.course.name} · Part ${enrollment.course.part} · revision ${enrollment.revision} · enrolled on ${enrollment.enrolled_on}`;
  y = drawLines(doc, course, margin, y, contentWidth, { size: 9.5, maxLines: 1 });
  const standing = [
    enrollment.stage?.title ?? 'Every lesson done',
    `${enrollment.lessons_done} of ${enrollment.lessons_total} lessons done`,
    `${enrollment.flight_hours.toFixed(1)} h flown`,
  ].join(' · ');
  y = drawLines(doc, standing, margin, y, contentWidth, { size: 9.5, font: 'bold', maxLines: 1 });
  const plan = enrollment.plan.reason ? `${planTexts[enrollment.plan.status]}: ${enrollment.plan.reason}` : planTexts[enrollment.plan.status];
  return drawLines(doc, plan, margin, y, contentWidth, { size: 9, colour: enrollment.plan.status === 'behind' ? colours.alert : colours.muted, maxLines: 2 });
}

function drawLessons(doc: Doc, brief: HandoffBrief, y: number): number {
  const { margin } = page;
  if (brief.recent_lessons.length === 0) return drawLines(doc, 'No lessons graded yet.', margin, y, contentWidth, { size: 8, colour: colours.muted, maxLines: 1 });
  for (const lesson of brief.recent_lessons) {
    drawLine(doc, `${lesson.date} · ${lesson.title}`, margin, y, contentWidth * 0.78, { size: 8.5, font: 'bold' });
    drawLine(doc, lessonStatusLabels[lesson.status], margin + contentWidth * 0.78, y, contentWidth * 0.22, {
      size: 8.5,
      font: 'bold',
      colour: lesson.status === 'incomplete' ? colours.alert : colours.ink,
      align: 'right',
    });
    y += 11;
    y = drawLines(doc, `Instructor: ${lesson.instructor.name ?? 'account deleted'}`, margin, y, contentWidth, { size: 7.5, colour: colours.muted, maxLines: 1 });
    const grades = lesson.grades.map((line) => `${line.task_code ? `${line.task_code} ` : ''}${line.title}: ${line.grade ?? '–'}`).join(' · ');
    if (grades) y = drawLines(doc, grades, margin, y, contentWidth, { size: 7.5, maxLines: 2 });
    if (lesson.remarks) y = drawLines(doc, `Remarks: ${lesson.remarks}`, margin, y, contentWidth, { size: 7.5, maxLines: 2 });
    y += 5;
  }
  return y;
}

const reworkColumns: TableColumn<HandoffBrief['rework'][number]>[] = [
  { label: 'Item', width: 'rest', text: (item) => item.title },
  { label: 'ACS task', width: 54, text: (item) => item.task_code ?? '' },
  { label: 'Last grade', width: 48, align: 'right', text: (item) => item.grade ?? '–', font: () => 'bold' },
  { label: 'From lesson', width: 170, text: (item) => item.from_lesson.title },
  { label: 'On', width: 56, text: (item) => item.from_lesson.date },
];

const momentColumns: TableColumn<HandoffBrief['recurring_moments'][number]>[] = [
  { label: 'To work on', width: 'rest', text: (moment) => moment.label },
  { label: 'Flights', width: 70, align: 'right', text: (moment) => String(moment.flights) },
  { label: 'Last seen', width: 80, text: (moment) => moment.last_seen },
];

const currencyColumns: TableColumn<HandoffBrief['currency'][number]>[] = [
  { label: 'Currency', width: 'rest', text: (currency) => currency.label },
  { label: 'Regulation', width: 100, text: (currency) => currency.regulation },
  { label: 'Status', width: 80, text: (currency) => currency.status, font: () => 'bold' },
  { label: 'Current through', width: 80, text: (currency) => currency.until ?? '' },
];

const endorsementColumns: TableColumn<HandoffBrief['endorsements'][number]>[] = [
  { label: 'Endorsement', width: 'rest', text: (endorsement) => endorsement.title },
  { label: 'Regulation', width: 100, text: (endorsement) => endorsement.regulation },
  { label: 'Given', width: 60, text: (endorsement) => endorsement.given_on },
  { label: 'Expires', width: 60, text: (endorsement) => endorsement.expires_on ?? '' },
];

/**
 * The hand-off brief on one A4 page (docs/product.md "Lessons and grading"): the course and where the student stands,
 * the last lessons with grades and remarks, the rework list, what keeps coming up on their flights, currency and
 * endorsements. Long text ends with an ellipsis and long lists are counted, never carried onto a second page.
 */
export async function handoffPdf(brief: HandoffBrief, { timezone, flightsLookedAt }: { timezone: string; flightsLookedAt: number }): Promise<Buffer> {
  const student = brief.student.name ?? 'Student';
  const madeAt = new Date(brief.generated_at);
  const { doc, bytes } = await createPdfDocument({
    autoFirstPage: false,
    info: { Title: `Hand-off brief: ${student}`, Author: 'Skylog', Creator: 'Skylog', CreationDate: madeAt },
  });
  // No margins for PDFKit: every position is set here, and text near the foot must not start a page of its own.
  doc.addPage({ size: [page.width, page.height], margin: 0 });
  const { margin } = page;
  drawLine(doc, 'HAND-OFF BRIEF', margin, margin, contentWidth, { size: 7.5, colour: colours.muted });
  drawLine(doc, student, margin, margin + 10, contentWidth, { size: 18, font: 'bold' });
  let y = drawEnrollment(doc, brief, margin + 36) + 10;

  const table = <Row>(title: string, columns: TableColumn<Row>[], rows: readonly Row[], most: number) => {
    y = drawSectionTitle(doc, title, margin, y, contentWidth);
    // Room for the headings and `most` rows: the rest are counted in the last of them.
    const bottom = Math.min(footerTop - 12, y + 12 + most * tableRowHeight + 1);
    y = drawTable(doc, columns, rows, y, { x: margin, width: contentWidth, bottom }) + 10;
  };
  y = drawSectionTitle(doc, 'Last lessons', margin, y, contentWidth);
  y = drawLessons(doc, brief, y) + 6;
  table('Rework', reworkColumns, brief.rework, maxRows.rework);
  table(`Recurring on the last ${flightsLookedAt} analysed flights`, momentColumns, brief.recurring_moments, maxRows.moments);
  table('Currency (14 CFR 61.56, 61.57)', currencyColumns, brief.currency, maxRows.currency);
  table('Endorsements (AC 61-65)', endorsementColumns, brief.endorsements, maxRows.endorsements);

  drawRule(doc, margin, footerTop - 3, contentWidth);
  drawLine(doc, `${student} · Made by Skylog on ${formatTime(madeAt, timezone, true)} · The logbook is the legal record`, margin, footerTop, contentWidth, {
    size: 6.5,
    colour: colours.muted,
  });
  doc.end();
  return bytes;
}
