import { describe, expect, it } from 'vitest';
import {
  classifyMime,
  detectContent,
  documentTypeOfMime,
  effectiveMime,
  looksLikeHtml,
  sniffBinary,
} from '../../../src/pipeline/detect-content.js';

describe('detectContent', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#frag',
    '  https://example.com/a  \n',
    'HTTPS://EXAMPLE.COM/UPPER',
  ])('detects the lone URL %j', (raw) => {
    expect(detectContent(raw)).toBe('url');
  });

  it.each([
    'ftp://example.com/file',
    'see https://example.com',
    'https://example.com and more',
    'https://a.com\nhttps://b.com',
    'https://',
    'example.com',
  ])('does not treat %j as a URL', (raw) => {
    expect(detectContent(raw)).not.toBe('url');
  });

  it.each([
    '<!DOCTYPE html><html><body>x</body></html>',
    '  <!doctype html>\n<title>t</title>',
    '<html lang="en"><p>x</p></html>',
    '<html>\n<body></body></html>',
    '<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"></html>',
    '<div><p>One</p><p>Two</p></div>',
    '<h1>Title</h1>\n<ul><li>a</li></ul>',
  ])('detects HTML in %j', (raw) => {
    expect(detectContent(raw)).toBe('html');
  });

  it.each([
    'Just some plain text.',
    '# Markdown heading\n\nWith a paragraph.',
    'Use <p> and <div> and <span> tags to structure a page.',
    '<p>only one tag</p>',
    '<htmlfoo>not html</htmlfoo>',
    '',
  ])('treats %j as text', (raw) => {
    expect(detectContent(raw)).toBe('text');
  });
});

describe('looksLikeHtml', () => {
  it('needs three structural tags and a leading tag for a fragment', () => {
    expect(looksLikeHtml('<p>a</p><p>b</p>')).toBe(true);
    expect(looksLikeHtml('<p>a</p>')).toBe(false);
    expect(looksLikeHtml('text <p>a</p><p>b</p>')).toBe(false);
    expect(looksLikeHtml('<custom>a</custom><custom>b</custom>')).toBe(false);
  });
});

describe('classifyMime', () => {
  it.each([
    ['text/html', 'html'],
    ['text/html; charset=utf-8', 'html'],
    ['TEXT/HTML', 'html'],
    ['application/xhtml+xml', 'html'],
    ['text/markdown', 'markdown'],
    ['text/x-markdown; charset=UTF-8', 'markdown'],
    ['application/json', 'json'],
    ['application/ld+json', 'json'],
    ['application/vnd.api+json', 'json'],
    ['text/plain', 'text'],
    ['text/csv', 'text'],
    ['', 'text'],
    ['  ; charset=utf-8', 'text'],
    ['application/xml', 'text'],
    ['application/rss+xml', 'text'],
  ] as const)('classifies %j as %s', (contentType, expected) => {
    expect(classifyMime(contentType)).toBe(expected);
  });

  it.each([
    ['application/pdf', 'application/pdf'],
    ['image/png', 'image/png'],
    ['Application/Octet-Stream; name=x', 'application/octet-stream'],
    ['video/mp4', 'video/mp4'],
  ])('reports %j as unsupported %s', (contentType, mime) => {
    expect(classifyMime(contentType)).toEqual({ unsupported: mime });
  });
});

describe('sniffBinary', () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

  it.each([
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['PNG', bytes([0x89], 'PNG\r\n', [0x1a, 0x0a]), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['GIF', bytes('GIF89a'), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['ZIP', bytes('PK', [3, 4, 20, 0]), 'application/zip'],
    ['MP4', bytes([0, 0, 0, 0x18], 'ftypmp42'), 'video/mp4'],
    ['MP3', bytes('ID3', [4, 0]), 'audio/mpeg'],
    ['Ogg', bytes('OggS', [0, 2]), 'audio/ogg'],
    ['NUL bytes', bytes('abc', [0], 'def'), 'application/octet-stream'],
    ['RIFF that is neither WebP nor WAV, by its NUL bytes', bytes('RIFF', [0x24, 0, 0, 0], 'AVI LIST'), 'application/octet-stream'],
  ])('recognises %s', (_name, body, mime) => {
    expect(sniffBinary(body)).toBe(mime);
  });

  it.each([
    ['plain text', bytes('Hello, world!\n')],
    ['UTF-8 text', Buffer.from('Grüße, 日本語 ✓', 'utf8')],
    ['HTML', bytes('<!doctype html><p>x</p>')],
    ['empty', Buffer.alloc(0)],
  ])('returns null for %s', (_name, body) => {
    expect(sniffBinary(body)).toBeNull();
  });

  it('only looks for NUL bytes in the first 4 KiB', () => {
    const late = Buffer.concat([Buffer.alloc(5000, 0x61), Buffer.from([0])]);
    expect(sniffBinary(late)).toBeNull();
    const early = Buffer.concat([Buffer.alloc(4000, 0x61), Buffer.from([0])]);
    expect(sniffBinary(early)).toBe('application/octet-stream');
  });
});

describe('documentTypeOfMime', () => {
  it.each([
    ['application/pdf', 'pdf'],
    ['image/png', 'image'],
    ['IMAGE/JPEG; q=1', 'image'],
    ['audio/mpeg', 'audio'],
    ['video/webm', 'video'],
    ['application/zip', null],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', null],
    ['application/octet-stream', null],
  ])('maps %j to %s', (mime, type) => {
    expect(documentTypeOfMime(mime)).toBe(type);
  });
});

describe('effectiveMime', () => {
  const zip = Buffer.from([0x50, 0x4b, 3, 4, 20, 0]);
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

  it('trusts magic bytes over the declared type', () => {
    expect(effectiveMime(Buffer.from('%PDF-1.7'), 'text/html')).toBe('application/pdf');
    expect(effectiveMime(Buffer.from('plain'), 'text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
  });

  it('keeps a specific declared binary type when sniffing only finds a zip or unknown binary', () => {
    expect(effectiveMime(zip, docx)).toBe(docx);
    expect(effectiveMime(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0]), 'video/webm')).toBe('video/webm');
    expect(effectiveMime(zip, 'application/octet-stream')).toBe('application/zip');
    expect(effectiveMime(zip, 'text/plain')).toBe('application/zip');
  });
});
