import { describe, expect, it } from 'vitest';
import { readZip } from '../../../src/extract/zip.js';
import { buildZip, deflatedZeros, makeContext, zipFromParts } from './fixtures.js';

const MIB = 1024 * 1024;
const ctx = makeContext({ maxUnzippedBytes: 20 * MIB, maxZipEntries: 100 });

describe('readZip', () => {
  it('inflates the wanted entries and lists all of them', async () => {
    const zip = await readZip(
      buildZip([
        { name: 'a.xml', data: '\uFEFF<a>é</a>' },
        { name: 'media/img.png', data: Buffer.alloc(10) },
        { name: 'dir/', data: '' },
      ]),
      ctx,
      {
        format: 'TEST',
        want: (n) => n.endsWith('.xml'),
      },
    );
    expect(zip.names).toEqual(['a.xml', 'media/img.png']);
    expect(zip.text('a.xml')).toBe('<a>é</a>');
    expect(zip.has('media/img.png')).toBe(false);
  });

  it('stops a 1 GiB zip bomb that admits its size in the headers', async () => {
    const body = deflatedZeros(1024);
    const bomb = zipFromParts([{ name: 'word/document.xml', body, method: 8, crc: 0, size: 1024 * MIB }]);
    expect(bomb.length).toBeLessThan(2 * MIB);
    await expect(readZip(bomb, ctx, { format: 'DOCX' })).rejects.toMatchObject({ code: 'EXTRACTION_LIMIT', permanent: true, message: expect.stringContaining('word/document.xml') });
  });

  it('counts inflated bytes, not header sizes: a bomb that claims to be 100 bytes is stopped at the cap', async () => {
    const body = deflatedZeros(1024);
    const bomb = zipFromParts([{ name: 'xl/worksheets/sheet1.xml', body, method: 8, crc: 0, size: 100 }]);
    await expect(readZip(bomb, ctx, { format: 'XLSX' })).rejects.toMatchObject({ code: 'EXTRACTION_LIMIT', message: expect.stringMatching(/more than 20971520 bytes/) });
  });

  it('caps the total over many entries that are each under the per-entry cap', async () => {
    const parts = Array.from({ length: 8 }, (_, i) => ({ name: `part${i}.xml`, body: deflatedZeros(4), method: 8, crc: 0, size: 100 }));
    await expect(readZip(zipFromParts(parts), ctx, { format: 'PPTX', maxEntryBytes: 5 * MIB })).rejects.toMatchObject({
      code: 'EXTRACTION_LIMIT',
      message: expect.stringContaining('in total'),
    });
  });

  it('with verifyAll, also inflates and counts the entries it does not keep (for archives handed to mammoth)', async () => {
    const disguised = zipFromParts([{ name: 'word/media/image1.png', body: deflatedZeros(64), method: 8, crc: 0, size: 10 }]);
    const want = (n: string) => n.endsWith('.xml');
    const skipped = await readZip(disguised, ctx, { format: 'DOCX', want });
    expect(skipped.names).toEqual(['word/media/image1.png']);
    await expect(readZip(disguised, ctx, { format: 'DOCX', want, verifyAll: true })).rejects.toMatchObject({ code: 'EXTRACTION_LIMIT' });
    const fine = await readZip(
      buildZip([
        { name: 'a.xml', data: '<a/>' },
        { name: 'b.png', data: Buffer.alloc(100) },
      ]),
      ctx,
      { format: 'DOCX', want, verifyAll: true },
    );
    expect([fine.has('a.xml'), fine.has('b.png')]).toEqual([true, false]);
  });

  it('applies the per-entry cap to kept parts only: a large image counted under verifyAll is fine', async () => {
    const archive = zipFromParts([
      { name: 'word/document.xml', body: Buffer.from([0x03, 0x00]), method: 8, crc: 0, size: 0 },
      { name: 'word/media/photo.png', body: deflatedZeros(5), method: 8, crc: 0, size: 5 * MIB },
    ]);
    const zip = await readZip(archive, ctx, { format: 'DOCX', want: (n) => n.endsWith('.xml'), verifyAll: true, maxEntryBytes: MIB });
    expect(zip.names).toHaveLength(2);
    const bigPart = zipFromParts([{ name: 'content.xml', body: deflatedZeros(2), method: 8, crc: 0, size: 2 * MIB }]);
    await expect(readZip(bigPart, ctx, { format: 'ODT', maxEntryBytes: MIB })).rejects.toMatchObject({ code: 'EXTRACTION_LIMIT', message: expect.stringContaining('ODT part content.xml') });
  });

  it('caps the number of entries, even of entries it would not inflate', async () => {
    const many = buildZip(Array.from({ length: 150 }, (_, i) => ({ name: `f${i}.bin`, data: 'x' })));
    await expect(readZip(many, ctx, { format: 'EPUB', want: () => false })).rejects.toMatchObject({ code: 'EXTRACTION_LIMIT', message: expect.stringContaining('more than 100 entries') });
  });

  it('reports damaged archives as FILE_CORRUPT', async () => {
    const good = buildZip([{ name: 'a.xml', data: '<a>' + 'x'.repeat(5000) + '</a>' }]);
    await expect(readZip(good.subarray(0, good.length / 2), ctx, { format: 'DOCX' })).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
    await expect(readZip(Buffer.from('not a zip at all, just text'), ctx, { format: 'DOCX' })).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
    // Valid directory, garbage compressed data.
    const garbage = zipFromParts([{ name: 'a.xml', body: Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00]), method: 8, crc: 0, size: 10 }]);
    await expect(readZip(garbage, ctx, { format: 'DOCX' })).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
  });

  it('recognises a password-protected OOXML file (an OLE container) as encrypted, and an empty file as empty', async () => {
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(500), Buffer.from('EncryptionInfo\0EncryptedPackage', 'utf16le')]);
    await expect(readZip(cfb, ctx, { format: 'DOCX' })).rejects.toMatchObject({ code: 'FILE_ENCRYPTED', permanent: true });
    await expect(readZip(Buffer.alloc(0), ctx, { format: 'DOCX' })).rejects.toMatchObject({ code: 'EMPTY_CONTENT' });
  });
});
