import type { LogbookFields } from '@skylog/contracts';
import { emptyLogbookFields } from '../entry-from-flight.ts';
import { formatCsv, type CsvCell } from './csv-text.ts';

/** Test helper: one CSV line with the values under their columns of `header`, the other cells empty. */
export function csvLine(header: readonly string[], values: Readonly<Record<string, CsvCell>>): string {
  const unknown = Object.keys(values).filter((column) => !header.includes(column));
  if (unknown.length > 0) throw new Error(`Not in the header: ${unknown.join(', ')}`);
  return formatCsv([header.map((column) => values[column] ?? null)], { byteOrderMark: false }).replace(/\r\n$/, '');
}

/** Test helper: an entry's fields, all empty or zero but what is given. */
export const fieldsOf = (fields: Partial<LogbookFields>): LogbookFields => ({ ...emptyLogbookFields('2024-03-01', 'airplane single-engine land'), ...fields });
