import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

/**
 * A small PDF whose one page draws a line of text, plus a stream of `inflatedMiB` MiB of spaces hung on the page
 * (a few KB deflated): the kind of file that made the service hold 2 GB (issue 27).
 */
export async function flateBombPdf(inflatedMiB: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 200]);
  page.drawText('A small page with a large stream.', { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const bomb = doc.context.flateStream(Buffer.alloc(inflatedMiB * 1024 * 1024, 0x20));
  const ref = doc.context.register(bomb);
  // Hung on the page (PieceInfo: private data a reader may load), so it is part of the page's object graph.
  page.node.set(PDFName.of('PieceInfo'), ref);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
