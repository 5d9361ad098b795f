/**
 * CSV text as RFC 4180 writes it, read the way spreadsheets save it: quoted cells with commas, quotes and line
 * breaks inside, CRLF or LF or CR between records, an optional UTF-8 byte-order mark, and the semicolon that
 * Excel uses instead of the comma where the comma is the decimal separator.
 */

/** One record of the file and the 1-based line it starts on, so that a person finds it in a spreadsheet. */
export type CsvRecord = { line: number; cells: string[] };

/** Cells a spreadsheet would run as a formula (=, +, -, @, tab, return); a leading quote keeps them as text. */
const formulaStart = /^[=+\-@\t\r]/;
/** A cell the writer guarded: the quote goes when it is read back. */
const guardedFormula = /^'[=+\-@\t\r]/;

/** The delimiter of the first line that has one: a semicolon only if that line has no comma. */
function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.split(/\r\n|\n|\r/).find((line) => line.includes(',') || line.includes(';')) ?? '';
  return firstLine.includes(',') || !firstLine.includes(';') ? ',' : ';';
}

const unguard = (cell: string) => (guardedFormula.test(cell) ? cell.slice(1) : cell);

/** The records of a CSV text, each with the line it starts on; a cell quoted over several lines counts them all. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = delimiterOf(source);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  let line = 1;
  let recordLine = 1;
  const endCell = () => {
    cells.push(unguard(cell));
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push({ line: recordLine, cells });
    cells = [];
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (isQuoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        if (char === '\n' || (char === '\r' && source[index + 1] !== '\n')) line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      isQuoted = true;
    } else if (char === delimiter) {
      endCell();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  // A file that ends with a line break has no record after it.
  if (cell !== '' || cells.length > 0 || isQuoted) endRecord();
  return records;
}

export type CsvCell = string | number | null;

function formatCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const guarded = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/**
 * CSV text with CRLF between records (RFC 4180), every record as wide as the widest, and text that a spreadsheet
 * would run as a formula kept as text by a leading quote (which `parseCsv` removes again).
 */
export function formatCsv(records: readonly (readonly CsvCell[])[], options: { byteOrderMark: boolean }): string {
  const width = Math.max(...records.map((record) => record.length));
  const lines = records.map((record) => [...record, ...Array<CsvCell>(width - record.length).fill(null)].map(formatCell).join(','));
  return `${options.byteOrderMark ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

export const isBlankRecord = (record: CsvRecord): boolean => record.cells.every((cell) => cell.trim() === '');
