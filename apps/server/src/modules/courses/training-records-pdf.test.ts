import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/support/pdf.ts';
import { trainingRecordsPdf } from './training-records-pdf.ts';
import type { RecordLesson, TrainingRecords } from './training-records.service.ts';

/**
 * The enrolment's record on paper (14 CFR 141.101), read back with pdf.js as an inspector would read it: every lesson
 * and item over as many pages as it takes, each page numbered and naming the student, remarks printed whole, the
 * stage checks and signatures, and the graduation.
 */

const signature = (date: string, name = 'Łukasz Nowak', certificate = 'CFI 3456789') => ({
  instructor_name: name,
  certificate_number: certificate,
  certificate_expires: '2027-01-31',
  method: 'password' as const,
  signed_at: `${date}T22:00:00.000Z`,
});

function lesson(index: number, fields: Partial<RecordLesson> = {}): RecordLesson {
  const date = new Date(Date.UTC(2026, 0, 5 + index)).toISOString().slice(0, 10);
  return {
    date,
    stage: 'Stage 1: Pre-solo',
    title: `Lesson ${index + 1}`,
    kind: 'flight',
    stageCheck: false,
    flightHours: 1.3,
    groundHours: 0.5,
    instructor: 'Łukasz Nowak',
    status: 'complete',
    remarks: null,
    signature: signature(date),
    items: ['PA.V.A', 'PA.IV.B', 'PA.VII.A', 'PA.IV.N'].map((taskCode) => ({ title: `Task ${taskCode}`, taskCode, grade: '3', requiredGrade: '3', required: true, remark: null })),
    ...fields,
  };
}

const records = (lessons: RecordLesson[], standing: Pick<TrainingRecords, 'status' | 'graduatedOn'>): TrainingRecords => ({
  school: 'Skyline Flight Academy',
  student: 'Zoë Dupré',
  course: { name: 'Private Pilot – Airplane Single-Engine Land (Part 141)', part: '141', revision: 2, scale: 'numeric-4' },
  enrolledOn: '2026-01-02',
  lessons,
  ...standing,
});

const madeAt = new Date('2026-03-20T18:00:00Z');

// The first PDF loads PDFKit and its fonts, and pdf.js: seconds on a busy machine.
describe('the printed training record', { timeout: 30_000 }, () => {
  it('heads the first page with the school, student, course, revision, enrolment and standing, and ends with the graduation', async () => {
    const check = lesson(2, { title: 'Stage 1 check', stageCheck: true, instructor: 'Ana Costa', signature: signature('2026-01-07', 'Ana Costa', 'CFI 1122334') });
    const pdf = await readPdf(await trainingRecordsPdf(records([lesson(0), lesson(1), check], { status: 'graduated', graduatedOn: '2026-01-07' }), { timezone: 'UTC', madeAt }));
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe('Training record: Zoë Dupré, Private Pilot – Airplane Single-Engine Land (Part 141)');
    expect(pdf.text).toContain('TRAINING RECORD · 14 CFR 141.101');
    expect(pdf.text).toContain('Skyline Flight Academy · Private Pilot – Airplane Single-Engine Land (Part 141) · Part 141 · revision 2 · graded Numeric 1–4');
    expect(pdf.text).toContain('Enrolled on 2026-01-02 · Graduated on 2026-01-07');
    expect(pdf.text).toContain('Stage 1 check (stage check)');
    // The check in its own table with its check instructor's certificate, and every signature with its proof.
    expect(pdf.text).toMatch(/Stage checks .*2026-01-07 Stage 1: Pre-solo Stage 1 check Ana Costa CFI 1122334 07 Jan 2026, 22:00 UTC Complete/);
    expect(pdf.text).toMatch(/Signatures \(AC 120-78\) .*2026-01-05 Lesson 1 Łukasz Nowak CFI 3456789 2027-01-31 05 Jan 2026, 22:00 UTC Password/);
    expect(pdf.text).toMatch(/Graduation Graduated on 2026-01-07/);
  });

  it('runs over as many pages as the lessons take, each numbered, naming the student and with the table’s headings again', async () => {
    const many = Array.from({ length: 40 }, (_, index) => lesson(index));
    const pdf = await readPdf(await trainingRecordsPdf(records(many, { status: 'active', graduatedOn: null }), { timezone: 'UTC', madeAt }));
    expect(pdf.pages).toBeGreaterThan(3);
    pdf.pageTexts.forEach((text, index) => {
      expect(text).toContain(`Page ${index + 1} of ${pdf.pages}`);
      expect(text).toContain('Zoë Dupré');
    });
    for (const text of pdf.pageTexts.slice(0, 3)) expect(text).toMatch(/Date Stage Lesson Flight h Ground h Instructor Item ACS task Grade Required Status/);
    // Each page's table goes on with a lesson's day, whether the lesson begins there or carries on from the page before.
    for (const text of pdf.pageTexts.slice(1, 3)) expect(text).toMatch(/Required Status \d{4}-\d{2}-\d{2} /);
    for (const index of [1, 20, 40]) expect(pdf.text).toContain(`Lesson ${index} `);
    expect(pdf.text).toContain('Not graduated: the enrolment is active');
  });

  it('names the lesson that carries on at the top of the next page', async () => {
    const remarks = `${'Pattern work with a gusting crosswind; '.repeat(150)}last word.`;
    const pdf = await readPdf(await trainingRecordsPdf(records([lesson(0, { remarks })], { status: 'active', graduatedOn: null }), { timezone: 'UTC', madeAt }));
    expect(pdf.pages).toBeGreaterThan(1);
    expect(pdf.pageTexts[1]).toMatch(/Required Status 2026-01-05 Lesson 1 \(continued\) /);
    expect(pdf.text).toContain('last word.');
  });

  it('prints a long remark and lesson title whole over as many lines as they need, and an ungraded item as a dash', async () => {
    const remarks = `${'Crosswind from the left, gusting; '.repeat(30)}ended on the centreline.`;
    const title = 'Crosswind landings, forward slip to a landing, and go-around from a poor approach';
    const lessons = [lesson(0, { title, status: 'incomplete', remarks, items: [{ title: 'Steep Turns', taskCode: 'PA.V.A', grade: null, requiredGrade: '3', required: true, remark: 'Not flown: weather' }] })];
    const pdf = await readPdf(await trainingRecordsPdf(records(lessons, { status: 'active', graduatedOn: null }), { timezone: 'UTC', madeAt }));
    expect(pdf.text).toContain('ended on the centreline.');
    // The title goes on in its column on the lines below; the lessons table cuts nothing.
    expect(pdf.text).toMatch(/Crosswind landings, forward slip to a .* landing, and go-around from a poor .* approach /);
    expect(pdf.text.split('Stage checks')[0]).not.toContain('…');
    expect(pdf.text).toMatch(/Steep Turns PA\.V\.A – 3 Incomplete/);
    expect(pdf.text).toContain('— Not flown: weather');
  });
});
