import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectBufferType, detectFileType, sniffText } from '../../../src/extract/detect.js';
import { extractorFor } from '../../../src/extract/registry.js';
import { SHARED } from '../../helpers/media.js';

const FILES = path.join(SHARED, 'files');

describe('detectFileType on the shared real-world files', () => {
  it.each([
    ['sample-files_multicolumn.pdf', 'application/pdf', 'pdf'],
    ['ocrmypdf_c02-22.pdf', 'application/pdf', 'pdf'],
    ['sample-files_libreoffice-writer-password.pdf', 'application/pdf', 'pdf'],
    ['markitdown_test.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text'],
    ['officeparser_test.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'text'],
    ['markitdown_test.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text'],
    ['tesseractjs_testocr.png', 'image/png', 'image'],
    ['leopard_test.wav', 'audio/wav', 'audio'],
    ['faster-whisper_multilingual.mp3', 'audio/mpeg', 'audio'],
    ['librosa_198-209-0000.ogg', 'audio/ogg', 'audio'],
    ['madh93-whisper_jfk.mp4', 'video/mp4', 'video'],
    ['readability_README.md', 'text/markdown', 'text'],
    ['readability_wikipedia-mozilla.html', 'text/html', 'webpage'],
  ])('%s is %s', async (file, mime, documentType) => {
    const got = await detectFileType(path.join(FILES, file), { filename: file });
    expect(got).toMatchObject({ mime, documentType });
  });

  it('names random bytes application/octet-stream, which no extractor takes', async () => {
    const got = await detectFileType(path.join(FILES, 'markitdown_random.bin'), { filename: 'markitdown_random.bin', declared: ['application/octet-stream'] });
    expect(got).toMatchObject({ mime: 'application/octet-stream', by: 'none' });
    expect(extractorFor(got.mime)).toBeNull();
  });

  it('goes by the bytes, not the name or declared type: PNG bytes named .pdf are an image', async () => {
    const png = await readFile(path.join(FILES, 'tesseractjs_testocr.png'));
    const got = await detectBufferType(png, { filename: 'scan.pdf', declared: ['application/pdf'] });
    expect(got).toMatchObject({ mime: 'image/png', by: 'magic', documentType: 'image' });
    const pdf = await readFile(path.join(FILES, 'sample-files_multicolumn.pdf'));
    expect((await detectBufferType(pdf, { filename: 'notes.txt', declared: ['text/plain'] })).mime).toBe('application/pdf');
  });

  it('a truncated PDF is still a PDF (its extractor reports the damage)', async () => {
    expect((await detectFileType(path.join(FILES, 'ocrmypdf_invalid.pdf'), { filename: 'ocrmypdf_invalid.pdf' })).mime).toBe('application/pdf');
  });
});

describe('text sniffing, extension and declared type', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mnemo-detect-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const write = async (name: string, bytes: Buffer | string) => {
    const p = path.join(dir, name);
    await writeFile(p, bytes);
    return p;
  };

  it('tells HTML, JSON and RTF from their content whatever the name', async () => {
    expect((await detectBufferType(Buffer.from('<!doctype html><html><body><p>x</p></body></html>'), { filename: 'a.txt' })).mime).toBe('text/html');
    expect((await detectBufferType(Buffer.from('{"a": [1, 2, {"b": null}]}'), { filename: 'data' })).mime).toBe('application/json');
    expect((await detectBufferType(Buffer.from('{\\rtf1\\ansi Hello}'), {})).mime).toBe('application/rtf');
  });

  it('names plain text by extension (markdown, CSV) or declared type, else text/plain', async () => {
    const csv = 'name,age\nAda,36\n';
    expect((await detectFileType(await write('people.csv', csv), { filename: 'people.csv' })).mime).toBe('text/csv');
    expect((await detectFileType(await write('people', csv), { filename: 'people', declared: ['text/csv; charset=utf-8'] })).mime).toBe('text/csv');
    expect((await detectFileType(await write('n.md', '# Notes\n\n- one\n'), { filename: 'n.md' })).mime).toBe('text/markdown');
    expect((await detectFileType(await write('plain', 'just words'), { filename: 'plain' })).mime).toBe('text/plain');
    // A text body declared as a binary type stays text: the bytes decide.
    expect((await detectFileType(await write('fake.png', 'hello there'), { filename: 'fake.png', declared: ['image/png'] })).mime).toBe('text/plain');
  });

  it('reads UTF-16 (with and without BOM) and UTF-8 with BOM as text', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße aus Köln', 'utf16le')]);
    expect(sniffText(le)).toBe('text/plain');
    expect(sniffText(Buffer.from('Grüße aus Köln, noch mehr Text', 'utf16le'))).toBe('text/plain');
    expect(sniffText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<html><body>x</body></html>')]))).toBe('text/html');
    expect(sniffText(Buffer.from('café au lait', 'latin1'))).toBe('text/plain');
  });

  it('binary bytes without a magic number take the extension (a damaged file of that kind), never a text type', async () => {
    const junk = Buffer.from([0x00, 0x13, 0x37, 0x00, 0xfe, 0x01, 0x02, 0x03, 0x00, 0x99]);
    expect((await detectBufferType(junk, { filename: 'broken.docx' })).mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await detectBufferType(junk, { filename: 'x.txt', declared: ['text/plain'] })).mime).toBe('application/octet-stream');
    expect((await detectBufferType(junk, { declared: ['video/webm'] })).mime).toBe('video/webm');
  });

  it('a bare zip named .docx goes to the DOCX extractor; an unnamed one is unsupported', async () => {
    const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex');
    expect((await detectBufferType(zip, { filename: 'r.docx' })).mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(extractorFor((await detectBufferType(zip, {})).mime)).toBeNull();
  });
});
