import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A PDF's pages and text as a reader extracts them (Mozilla's pdf.js), so tests check what a person sees: all of it,
 * and each page's on its own.
 */
export async function readPdf(bytes: Buffer): Promise<{ pages: number; text: string; pageTexts: string[]; title: string | undefined }> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const document = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  const { info } = (await document.getMetadata()) as { info: { Title?: string } };
  await task.destroy();
  return { pages: document.numPages, text: pages.join(' ').replace(/\s+/g, ' '), pageTexts: pages, title: info.Title };
}
