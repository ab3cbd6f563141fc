/**
 * A one-page image-only PDF, as a scanner writes one: the grey JPEG is the page's only content, drawn over the whole
 * page. Shared by the scripts that make tuning scans (extraction-report-pages.ts, extraction-slide-pages.ts).
 */

/** Page size in PDF points (1/72 in). */
export interface PageSize {
  width: number;
  height: number;
}

/** US Letter, 612 x 792 points. */
export const US_LETTER: PageSize = { width: 612, height: 792 };

/**
 * The PDF bytes of one page of `page` points (US Letter unless given) showing the grey (DeviceGray, 8-bit) JPEG of
 * `width` x `height` pixels stretched over the whole page; the image's resolution is its pixels over the page's inches.
 */
export function jpegPdf(jpeg: Buffer, width: number, height: number, page: PageSize = US_LETTER): Buffer {
  const content = `q ${page.width} 0 0 ${page.height} 0 0 cm /Im0 Do Q`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
    null,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk =
      body === null
        ? Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`, 'latin1'),
            jpeg,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ])
        : Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
