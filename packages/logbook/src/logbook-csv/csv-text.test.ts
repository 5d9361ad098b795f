import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from './csv-text.ts';

describe('parseCsv', () => {
  it('reads quoted cells with commas, quotes and line breaks, and numbers each record by the line it starts on', () => {
    const text = 'Date,Comments\r\n2024-03-01,"Steep turns, stalls"\r\n2024-03-02,"Said ""good"",\r\nthen\r\nlanded"\r\n2024-03-03,x\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['Date', 'Comments'] },
      { line: 2, cells: ['2024-03-01', 'Steep turns, stalls'] },
      { line: 3, cells: ['2024-03-02', 'Said "good",\r\nthen\r\nlanded'] },
      { line: 6, cells: ['2024-03-03', 'x'] },
    ]);
  });

  it('drops the byte-order mark and reads LF and CR line ends as well', () => {
    expect(parseCsv('\uFEFFa,b\nc,d\re,f')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
      { line: 3, cells: ['e', 'f'] },
    ]);
  });

  it('reads the semicolons a European spreadsheet writes between cells', () => {
    expect(parseCsv('Date;Total Flight Time\n2024-03-01;"1,5"\n')).toEqual([
      { line: 1, cells: ['Date', 'Total Flight Time'] },
      { line: 2, cells: ['2024-03-01', '1,5'] },
    ]);
  });
});

describe('formatCsv', () => {
  it('keeps text that a spreadsheet would run as a formula as text, and reads it back as written', () => {
    const cells = ['=HYPERLINK("http://x")', '+1', '-stall recovery', '@SUM(A1)', 'plain', 1.5, null];
    const text = formatCsv([cells], { byteOrderMark: false });
    expect(text).toBe(`"'=HYPERLINK(""http://x"")",'+1,'-stall recovery,'@SUM(A1),plain,1.5,\r\n`);
    expect(parseCsv(text)[0]?.cells).toEqual(['=HYPERLINK("http://x")', '+1', '-stall recovery', '@SUM(A1)', 'plain', '1.5', '']);
  });

  it('writes every record as wide as the widest, with CRLF, and a byte-order mark when asked', () => {
    expect(formatCsv([['Title'], ['a', 'b, c']], { byteOrderMark: true })).toBe('\uFEFFTitle,\r\na,"b, c"\r\n');
  });
});
