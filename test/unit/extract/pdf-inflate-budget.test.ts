import { describe, expect, it } from 'vitest';
import { pdfExtractor } from '../../../src/extract/pdf.js';
import { flateBombPdf } from '../../helpers/pdf-bomb.js';
import { makeContext, makeInput } from './fixtures.js';

// Issue 27: a 408 KB PDF with a 400 MB flate stream peaked at 2,139 MiB. Streams are measured before pdf.js reads them.
describe('PDF inflated-bytes budget', { timeout: 120_000 }, () => {
  it('fails with EXTRACTION_LIMIT naming the budget when one stream inflates past it', async () => {
    const pdf = await flateBombPdf(24);
    expect(pdf.length).toBeLessThan(200_000);
    await expect(pdfExtractor.extract(makeInput(pdf, 'application/pdf'), makeContext({ maxInflatedBytes: 8 * 1024 * 1024 }))).rejects.toMatchObject({
      code: 'EXTRACTION_LIMIT',
      message: expect.stringContaining('inflates to more than 8388608 bytes'),
    });
  });

  it('reads the same PDF when the budget allows its streams', async () => {
    const out = await pdfExtractor.extract(makeInput(await flateBombPdf(2), 'application/pdf'), makeContext({ maxInflatedBytes: 8 * 1024 * 1024 }));
    expect(out.content).toContain('A small page with a large stream.');
  });
});
