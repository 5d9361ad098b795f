import { createRequire } from 'node:module';
import path from 'node:path';

// DejaVu Sans covers Latin, Greek and Cyrillic names (Łukasz, Zoë, Дмитрий); PDF's built-in fonts stop at Latin-1.
const fontFolder = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const fonts = { regular: path.join(fontFolder, 'DejaVuSans.ttf'), bold: path.join(fontFolder, 'DejaVuSans-Bold.ttf') };

/**
 * A PDFKit document with Skylog's two fonts registered as 'regular' and 'bold', and its bytes once `doc.end()`
 * has been called.
 */
export async function createPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  // Loaded on the first PDF: PDFKit and its font engine take a quarter of a second to import.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  return { doc, bytes };
}

/** A time of day in the reader's zone; with the date, the zone's name too ("02 Mar 2026, 11:00 CET"). */
export function formatTime(instant: Date | number, timezone: string, withDate: boolean): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    ...(withDate ? { year: 'numeric', month: 'short', day: '2-digit', timeZoneName: 'short' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}
