import { logbookFieldsSchema, type LogbookFields, type LogbookRoutePoint } from '@skylog/contracts';
import type { CsvRecord } from './csv-text.ts';

export type ImportedEntry = {
  /** The 1-based line of the file the entry starts on. */
  row: number;
  fields: LogbookFields;
  /** A signature from paper or the other product, kept as a note text: never a Skylog signature. */
  attestation: string | null;
};

export type CsvProblem = {
  row: number;
  /** The LogbookFields key or the file's column name; null for the whole row or file. */
  field: string | null;
  message: string;
};

export type CsvReadResult = { entries: ImportedEntry[]; problems: CsvProblem[] };

/**
 * A column name as the products vary it between versions ("FlightReview", "Flight Review", "Flight Review (FAA)",
 * "NVGOps", "NVG Ops"): lower case, letters and digits only, without ForeFlight's "(FAA)" suffix.
 */
export const columnKey = (name: string): string =>
  name
    .trim()
    .replace(/\s*\(FAA\)$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** A header row: each column's key and its name as the file spells it. */
export type Header = { line: number; columns: { key: string; name: string; index: number }[] };

export const readHeader = (record: CsvRecord): Header => ({
  line: record.line,
  columns: record.cells.map((name, index) => ({ key: columnKey(name), name: name.trim(), index })).filter((column) => column.name !== ''),
});

/**
 * One problem per column the layout does not have, or has twice, on the header's line; `isKnown` says which
 * columns the layout has. A column the reader does not know could hold data that would be lost without a word.
 */
export function checkColumns(
  header: Header,
  isKnown: (column: { key: string; name: string }, position: number) => boolean,
  layoutName: string,
): CsvProblem[] {
  const problems: CsvProblem[] = [];
  const seen = new Set<string>();
  header.columns.forEach((column, position) => {
    if (seen.has(column.key)) {
      problems.push({ row: header.line, field: column.name, message: `The column "${column.name}" appears twice` });
    } else if (!isKnown(column, position)) {
      problems.push({
        row: header.line,
        field: column.name,
        message: `Unknown column "${column.name}": it is not in ${layoutName}'s layout, so its values would be lost. Rename or remove it`,
      });
    }
    seen.add(column.key);
  });
  return problems;
}

export function missingColumns(header: Header, required: readonly string[]): CsvProblem[] {
  const keys = new Set(header.columns.map((column) => column.key));
  return required
    .filter((name) => !keys.has(columnKey(name)))
    .map((name) => ({ row: header.line, field: name, message: `The file has no "${name}" column` }));
}

const decimal = /^-?(\d+([.,]\d*)?|[.,]\d+)$/;
const hoursAndMinutes = /^(-?)(\d+):([0-5]\d)$/;
const trueWords = new Set(['x', 'true', 'yes', 'y', '1']);
const falseWords = new Set(['', 'false', 'no', 'n', '0']);

/**
 * The cells of one data row, read by column name. A cell that cannot be read adds a problem naming the column
 * and answers a neutral value: the row is then left out of the entries, and the schema does not report the same
 * cell a second time. Numbers are read with their sign, so that the schema words "cannot be negative".
 */
export function rowReader(header: Header, record: CsvRecord) {
  const problems: CsvProblem[] = [];
  const byKey = new Map(header.columns.map((column) => [column.key, column]));
  const nameOf = (column: string) => byKey.get(columnKey(column))?.name ?? column;
  const problem = (field: string | null, message: string) => problems.push({ row: record.line, field, message });

  /** The trimmed cell, or null when the column is absent or the cell empty. */
  const text = (column: string): string | null => {
    const found = byKey.get(columnKey(column));
    const value = found === undefined ? '' : (record.cells[found.index] ?? '').trim();
    return value === '' ? null : value;
  };

  /** The first of the columns with a value: the products renamed some columns between versions. */
  const firstText = (columns: readonly string[]): { column: string; value: string } | null => {
    for (const column of columns) {
      const value = text(column);
      if (value !== null) return { column, value };
    }
    return null;
  };

  return {
    line: record.line,
    problems,
    problem,
    text,
    firstText,

    /** Decimal hours ("1.5", "1,5") or hours and minutes ("1:30") from the first column with a value; empty is 0. */
    hours(...columns: string[]): number {
      const cell = firstText(columns);
      if (cell === null) return 0;
      const clock = hoursAndMinutes.exec(cell.value);
      if (clock) return (clock[1] === '-' ? -1 : 1) * (Number(clock[2]) + Number(clock[3]) / 60);
      if (decimal.test(cell.value)) return Number(cell.value.replace(',', '.'));
      problem(nameOf(cell.column), `${nameOf(cell.column)} must be hours, like 1.5 or 1:30 (found "${cell.value}")`);
      return 0;
    },

    /** A count; empty is 0. A fraction is passed on for the schema to refuse as "must be a whole number". */
    count(...columns: string[]): number {
      const cell = firstText(columns);
      if (cell === null) return 0;
      if (decimal.test(cell.value)) return Number(cell.value.replace(',', '.'));
      problem(nameOf(cell.column), `${nameOf(cell.column)} must be a whole number (found "${cell.value}")`);
      return 0;
    },

    /** A yes/no cell: x, true, yes, 1 (any case) or empty, false, no, 0. */
    flag(column: string): boolean {
      const value = text(column) ?? '';
      if (trueWords.has(value.toLowerCase())) return true;
      if (falseWords.has(value.toLowerCase())) return false;
      problem(nameOf(column), `${nameOf(column)} must be yes or no (found "${value}")`);
      return false;
    },
  };
}
export type RowReader = ReturnType<typeof rowReader>;

const usDate = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A day as YYYY-MM-DD; a spreadsheet that re-saved the file may have written M/D/YYYY (the US short date, which
 * MyFlightbook also reads). Anything else is passed on as it is, for the schema to refuse in its own words.
 */
export function readDay(value: string | null): string {
  const us = usDate.exec(value ?? '');
  if (us) return `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}`;
  return value ?? '';
}

/**
 * From, the identifiers of the route cell, then To, as both products splice them: From and To are not repeated
 * where the route already starts or ends with them. Anything but letters, digits and @ (a fix) separates the
 * route's identifiers.
 */
export function splicedRoute(from: string | null, route: string | null, to: string | null): string[] {
  const identifiers = (route ?? '').split(/[^\p{L}\p{N}@]+/u).filter((part) => part !== '');
  const isSame = (a: string | undefined, b: string) => a?.toUpperCase() === b.toUpperCase();
  return [
    ...(from === null || isSame(identifiers[0], from) ? [] : [from]),
    ...identifiers,
    ...(to === null || isSame(identifiers.at(-1), to) ? [] : [to]),
  ];
}

/**
 * The route's points from airport identifiers in flight order: the departure first, then each landing. Only the
 * last landing is known to be to a full stop; no tower or position is known from a logbook file.
 */
export function routePoints(airports: readonly string[]): LogbookRoutePoint[] {
  return airports.map((airport, index) => ({
    airport,
    latitude: null,
    longitude: null,
    full_stop: airports.length > 1 && index === airports.length - 1,
    towered: false,
  }));
}

/** All landings from their parts, when the file has no total; a negative part (a problem of its own) counts none. */
export const landingsOf = (...parts: number[]): number => parts.reduce((sum, part) => sum + Math.max(part, 0), 0);

/**
 * The row's entry when it has no problem, checked by contracts' schema: its messages ("Total time cannot be
 * negative") name the LogbookFields key. A route point's message says which point.
 */
export function validatedEntry(reader: RowReader, fields: LogbookFields, attestation: string | null): ImportedEntry | null {
  const result = logbookFieldsSchema.safeParse(fields);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [key, point] = issue.path;
      const field = typeof key === 'string' ? key : null;
      const message = key === 'route' && typeof point === 'number' ? `Route point ${point + 1}: ${issue.message}` : issue.message;
      // A value can fail two checks with one message ("yesterday" is neither shaped nor a day).
      if (!reader.problems.some((problem) => problem.field === field && problem.message === message)) reader.problem(field, message);
    }
  }
  if (reader.problems.length > 0 || !result.success) return null;
  return { row: reader.line, fields: result.data, attestation };
}
