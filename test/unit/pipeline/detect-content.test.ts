import { describe, expect, it } from 'vitest';
import { detectContent, looksLikeHtml } from '../../../src/pipeline/detect-content.js';

describe('detectContent', () => {
  it.each(['https://example.com', 'http://example.com/path?q=1#frag', '  https://example.com/a  \n', 'HTTPS://EXAMPLE.COM/UPPER'])('detects the lone URL %j', (raw) => {
    expect(detectContent(raw)).toBe('url');
  });

  it.each(['ftp://example.com/file', 'see https://example.com', 'https://example.com and more', 'https://a.com\nhttps://b.com', 'https://', 'example.com'])('does not treat %j as a URL', (raw) => {
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

  it.each(['Just some plain text.', '# Markdown heading\n\nWith a paragraph.', 'Use <p> and <div> and <span> tags to structure a page.', '<p>only one tag</p>', '<htmlfoo>not html</htmlfoo>', ''])(
    'treats %j as text',
    (raw) => {
      expect(detectContent(raw)).toBe('text');
    },
  );
});

describe('looksLikeHtml', () => {
  it('needs three structural tags and a leading tag for a fragment', () => {
    expect(looksLikeHtml('<p>a</p><p>b</p>')).toBe(true);
    expect(looksLikeHtml('<p>a</p>')).toBe(false);
    expect(looksLikeHtml('text <p>a</p><p>b</p>')).toBe(false);
    expect(looksLikeHtml('<custom>a</custom><custom>b</custom>')).toBe(false);
  });
});
