import { describe, expect, it } from 'vitest';
import { readPage } from '../../../src/extract/ocr-page.js';
import { fakeEngine, line, NO_SANDBOX_PASSES as passes, reading } from './fake-ocr-page.js';
import { makeContext } from './fixtures.js';

// A poor first reading (mean confidence under 70: read again as sparse text) that reads a boxed advert's line, and a
// sparse reading that reads more of the page (so it is kept) but has nothing where the advert is.
const first = reading(60, line(300, ['Everything', 92, 20, 150], ['Reduced', 90, 160, 260]));
const sparse = reading(
  80,
  line(20, ['The', 96, 10, 50], ['Millbrook', 96, 60, 200], ['Courier', 96, 210, 330]),
  line(60, ['Thursday,', 95, 10, 120], ['October', 95, 130, 220], ['14,', 95, 230, 260], ['1897', 95, 270, 330]),
);

const engine = (firstReading: typeof first) => fakeEngine(firstReading, sparse);

describe('readPage missing lines', () => {
  it('keeps the sparse reading and adds the line only the first reading read, below the lines above it', async () => {
    const r = await readPage(Buffer.from('page'), engine(first), makeContext(), passes);
    expect(r.kept).toBe('sparse');
    expect(r.passes).toContain('lines');
    expect(r.text).toContain('Everything Reduced');
    expect(r.text.indexOf('Everything Reduced')).toBeGreaterThan(r.text.indexOf('October 14, 1897'));
  });

  it('adds nothing with the pass off, or when the first reading was of the page turned round (other boxes)', async () => {
    const off = await readPage(Buffer.from('page'), engine(first), makeContext(), { ...passes, lines: false });
    expect(off.text).not.toContain('Everything Reduced');
    const turned = await readPage(Buffer.from('page'), engine({ ...first, rotated: 90 }), makeContext(), passes);
    expect(turned.passes).not.toContain('lines');
    expect(turned.text).not.toContain('Everything Reduced');
  });
});
