import { randomUUID } from 'node:crypto';
import type { HandoffBrief } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/support/pdf.ts';
import { handoffPdf } from './handoff-pdf.ts';

/** The hand-off brief on paper, read back with pdf.js: one page whatever the student's record holds. */

const instructor = { skylog_id: randomUUID(), name: 'Iris Calder' };

function brief(fields: Partial<HandoffBrief> = {}): HandoffBrief {
  const enrollmentId = randomUUID();
  return {
    student: { skylog_id: randomUUID(), name: 'Дмитрий Иванов' },
    generated_at: '2026-03-20T18:00:00.000Z',
    enrollment: {
      id: enrollmentId,
      course: { id: randomUUID(), name: 'Private Pilot – Airplane Single-Engine Land (Part 141)', part: '141', scale: 'numeric-4' },
      revision: 1,
      latest_revision: 1,
      enrolled_on: '2026-02-01',
      status: 'active',
      graduated_on: null,
      stage: { key: 's1', title: 'Stage 1: Pre-solo', index: 0 },
      lessons_done: 3,
      lessons_total: 30,
      flight_hours: 4.2,
      planned_hours_done: 3.6,
      plan: { status: 'behind', expected_lessons: 15, weeks_elapsed: 6.7, reason: '3 of 30 lessons done; 15 were planned by week 6 of 14' },
    },
    recent_lessons: [
      {
        record_id: randomUUID(),
        date: '2026-03-15',
        title: 'Traffic pattern, takeoffs and landings',
        status: 'incomplete',
        instructor,
        remarks: 'Landings to repeat next lesson: stabilised by 500 ft, hold the flare.',
        grades: [
          { title: 'Normal Approach and Landing', task_code: 'PA.IV.B', grade: '1' },
          { title: 'Go-Around/Rejected Landing', task_code: 'PA.IV.N', grade: '3' },
          { title: 'Postflight briefing', task_code: null, grade: null },
        ],
      },
    ],
    rework: [
      {
        id: randomUUID(),
        item_key: 's1-l5-i5',
        task_code: 'PA.IV.B',
        title: 'Normal Approach and Landing',
        grade: '1',
        from_lesson: { record_id: randomUUID(), lesson_key: 's1-l5', title: 'Traffic pattern, takeoffs and landings', date: '2026-03-15' },
        created_at: '2026-03-15T22:00:00.000Z',
      },
    ],
    recurring_moments: [{ category: 'landing', label: 'Landing', flights: 3, last_seen: '2026-03-15' }],
    currency: [{ label: 'Passengers, day', regulation: '14 CFR 61.57(a)', status: 'Current', until: '2026-06-13' }],
    endorsements: [{ title: 'Solo flight (first 90 days)', regulation: '14 CFR 61.87(n)', given_on: '2026-03-01', expires_on: '2026-05-30' }],
    ...fields,
  };
}

// The first PDF loads PDFKit and its fonts, and pdf.js: seconds on a busy machine.
describe('the printed hand-off brief', { timeout: 30_000 }, () => {
  it('shows the student, where they stand in the course, the last lessons, rework, recurring moments, currency and endorsements', async () => {
    const pdf = await readPdf(await handoffPdf(brief(), { timezone: 'Europe/Berlin', flightsLookedAt: 10 }));
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe('Hand-off brief: Дмитрий Иванов');
    expect(pdf.text).toContain('Stage 1: Pre-solo · 3 of 30 lessons done · 4.2 h flown');
    expect(pdf.text).toContain('Behind plan: 3 of 30 lessons done; 15 were planned by week 6 of 14');
    expect(pdf.text).toContain('2026-03-15 · Traffic pattern, takeoffs and landings Incomplete');
    expect(pdf.text).toContain('PA.IV.B Normal Approach and Landing: 1 · PA.IV.N Go-Around/Rejected Landing: 3 · Postflight briefing: –');
    expect(pdf.text).toMatch(/Rework .*Normal Approach and Landing PA\.IV\.B 1 Traffic pattern, takeoffs and landings 2026-03-15/);
    expect(pdf.text).toMatch(/Recurring on the last 10 analysed flights .*Landing 3 2026-03-15/);
    expect(pdf.text).toMatch(/Passengers, day 14 CFR 61\.57\(a\) Current 2026-06-13/);
    expect(pdf.text).toMatch(/Solo flight \(first 90 days\) 14 CFR 61\.87\(n\) 2026-03-01 2026-05-30/);
    expect(pdf.text).toContain('Made by Skylog on 20 Mar 2026, 19:00 CET');
  });

  it('stays on one page with a long rework list and long remarks: the rest is counted, the remarks cut short', async () => {
    const [item] = brief().rework;
    const rework = Array.from({ length: 30 }, (_, index) => ({ ...item!, id: randomUUID(), title: `Rework item ${index + 1}` }));
    const [lesson] = brief().recent_lessons;
    const remarks = `${'Flared high and floated, then released the back pressure. '.repeat(40)}THE END`;
    const lessons = Array.from({ length: 3 }, () => ({ ...lesson!, record_id: randomUUID(), remarks }));
    const pdf = await readPdf(await handoffPdf(brief({ rework, recent_lessons: lessons }), { timezone: 'UTC', flightsLookedAt: 10 }));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Rework item 6');
    expect(pdf.text).not.toContain('Rework item 7 ');
    expect(pdf.text).toContain('… and 24 more');
    expect(pdf.text).not.toContain('THE END');
    expect(pdf.text).toContain('…');
    expect(pdf.text).toContain('Solo flight (first 90 days)');
  });

  it('says so when the student is on no course and nothing was graded', async () => {
    const pdf = await readPdf(await handoffPdf(brief({ enrollment: null, recent_lessons: [], rework: [], recurring_moments: [] }), { timezone: 'UTC', flightsLookedAt: 10 }));
    expect(pdf.text).toContain('Not enrolled on a course.');
    expect(pdf.text).toContain('No lessons graded yet.');
  });
});
