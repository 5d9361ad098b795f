import { dayIn } from '@skylog/contracts';
import { toSpreadsheetCsv, type CsvValue } from '../../lib/spreadsheet-csv.ts';
import type { TrainingFlightRow } from './training.repository.ts';

type ExportRow = TrainingFlightRow & { studentId: string; studentName: string | null; studentEmail: string };

const seats = { left: 'Left', right: 'Right', none: '' } as const;

/** Hours as a decimal a spreadsheet sums (1.5, not 1:30). */
const hours = (ms: number | null) => (ms === null ? null : Math.round(ms / 36_000) / 100);

/**
 * A training record as a chief instructor files it: a row per flight and student, ISO dates (the day in the
 * reader's zone, the start as a UTC instant), hours as decimals, the organization's marker labels as headers.
 */
export function trainingCsv(rows: readonly ExportRow[], categories: ReadonlyArray<{ key: number; text: string }>, timezone: string): string {
  const header = [
    `Date (${timezone})`,
    'Start (UTC)',
    'Student',
    'Student e-mail',
    'Seat',
    'With',
    'Aircraft',
    'From',
    'To',
    'Flight hours',
    'Landings',
    'Go-arounds',
    ...categories.map((category) => `Markers: ${category.text}`),
    'Moments done well',
    'Moments to work on',
    'Readbacks checked',
    'Readback findings',
    'Debriefed',
    'What went well',
    'To improve',
    'Flight',
    'Flight id',
  ];
  return toSpreadsheetCsv(
    header,
    rows.map((row): CsvValue[] => [
      row.beginTime ? dayIn(row.beginTime, timezone) : null,
      row.beginTime ? row.beginTime.toISOString().replace('.000Z', 'Z') : null,
      row.studentName,
      row.studentEmail,
      seats[row.seat],
      row.crew,
      row.aircraft,
      row.origin,
      row.destination,
      hours(row.durationMs),
      row.landings,
      row.goArounds,
      ...categories.map((category) => [row.marker1, row.marker2, row.marker3, row.marker4][category.key - 1] ?? 0),
      row.momentsWell,
      row.momentsImprove,
      row.readbacks,
      row.readbackFindings,
      row.isDebriefed,
      row.tripWell,
      row.tripImprove,
      row.tripName,
      row.id,
    ]),
  );
}
