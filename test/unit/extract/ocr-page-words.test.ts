import { describe, expect, it } from 'vitest';
import { readPage } from '../../../src/extract/ocr-page.js';
import { fakeEngine, line, NO_SANDBOX_PASSES as passes, reading } from './fake-ocr-page.js';
import { makeContext } from './fixtures.js';

// A poor first reading (mean confidence under 70, so the page is read again as sparse text) that reads '72' right,
// and a sparse reading that finds more of the page (so it is kept) but reads the '72' as '@2'.
const first = reading(60, line(100, ['expires', 96, 10, 90], ['in', 95, 100, 120], ['72', 96, 130, 160], ['hours', 96, 170, 230]));
const sparse = reading(
  80,
  line(20, ['Linked', 96, 10, 80], ['Models', 96, 90, 170], ['demonstration', 96, 180, 330]),
  line(100, ['expires', 96, 10, 90], ['in', 95, 100, 120], ['@2', 67, 130, 160], ['hours', 96, 170, 230]),
);

const engine = (firstReading: typeof first) => fakeEngine(firstReading, sparse);

describe('readPage word merge', () => {
  it('keeps the sparse reading but takes its doubtful word from the first reading of the same pixels', async () => {
    const r = await readPage(Buffer.from('page'), engine(first), makeContext(), passes);
    expect(r.kept).toBe('sparse');
    expect(r.passes).toContain('words');
    expect(r.text).toContain('expires in 72 hours');
    expect(r.text).toContain('Linked Models demonstration');
  });

  it('merges nothing with the merge off, or when the first reading was of the page turned round (other boxes)', async () => {
    const off = await readPage(Buffer.from('page'), engine(first), makeContext(), { ...passes, words: false });
    expect(off.text).toContain('expires in @2 hours');
    const turned = await readPage(Buffer.from('page'), engine({ ...first, rotated: 90 }), makeContext(), passes);
    expect(turned.passes).not.toContain('words');
    expect(turned.text).toContain('expires in @2 hours');
  });
});
