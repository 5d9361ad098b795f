import type { LogbookCsvLayout } from '@skylog/contracts';
import type { ExportedEntry } from './attestation.ts';
import { readForeFlightCsv, writeForeFlightCsv } from './foreflight.ts';
import { readMyFlightbookCsv, writeMyFlightbookCsv } from './myflightbook.ts';
import type { CsvReadResult } from './table.ts';

export type { ExportedEntry } from './attestation.ts';
export type { CsvProblem, CsvReadResult, ImportedEntry } from './table.ts';

/**
 * A pilot's logbook file of ForeFlight or MyFlightbook, read row by row: each row's entry when it has no problem,
 * and every problem of every row (its line in the file, the field or column, and why), so that a person corrects
 * the whole file at once. A row with a problem is never among the entries.
 */
export function readLogbookCsv(layout: LogbookCsvLayout, text: string): CsvReadResult {
  return layout === 'foreflight' ? readForeFlightCsv(text) : readMyFlightbookCsv(text);
}

/** The entries as a logbook file of ForeFlight or MyFlightbook, which that product and `readLogbookCsv` read back. */
export function writeLogbookCsv(layout: LogbookCsvLayout, entries: readonly ExportedEntry[]): string {
  return layout === 'foreflight' ? writeForeFlightCsv(entries) : writeMyFlightbookCsv(entries);
}
