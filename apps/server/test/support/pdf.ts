import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's pages and text as a reader extracts them (Mozilla's pdf.js), so tests check what a person sees. */
export async function readPdf(bytes: Buffer): Promise<{ pages: number; text: string; title: string | undefined }> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const document = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const { info } = (await document.getMetadata()) as { info: { Title?: string } };
  await task.destroy();
  return { pages: document.numPages, text: pages.join('\n').replace(/\s+/g, ' '), title: info.Title };
}
