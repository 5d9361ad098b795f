export type CsvValue = string | number | boolean | null;

/** Cells a spreadsheet would run as a formula (=, +, -, @, tab, return) are kept as text by a leading quote. */
const formulaStart = /^[=+\-@\t\r]/;

function cell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV that opens cleanly in Excel, Numbers and LibreOffice: UTF-8 with a byte-order mark (without
 * it Excel reads names like "Zoë" in the local code page), CRLF between rows, quotes where needed.
 */
export function toSpreadsheetCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
