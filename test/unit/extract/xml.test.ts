import { describe, expect, it } from 'vitest';
import { attr, find, findAll, parseXml, textOf } from '../../../src/extract/xml.js';

describe('parseXml', () => {
  it('keeps document order and local names, and decodes named and numeric references', () => {
    const root = parseXml('<?xml version="1.0"?><w:doc xmlns:w="urn:w"><w:p w:id="a&amp;b"><w:t>Caf&#233; &#x4E2D; &lt;ok&gt; &amp;#233;</w:t></w:p><w:p><w:t> two</w:t></w:p></w:doc>', 'doc');
    const paragraphs = findAll(root, 'p');
    expect(paragraphs.map((p) => textOf(p, 't'))).toEqual(['Café 中 <ok> &#233;', ' two']);
    expect(attr(find(root, 'p')!, 'id')).toBe('a&b');
  });

  it('does not expand nested DOCTYPE entities (billion laughs)', () => {
    let entities = '<!ENTITY a0 "lol">';
    for (let i = 1; i < 10; i++) entities += `<!ENTITY a${i} "${`&a${i - 1};`.repeat(10)}">`;
    const root = parseXml(`<?xml version="1.0"?><!DOCTYPE r [${entities}]><r>&a9;</r>`, 'bomb');
    expect(textOf(root).length).toBeLessThan(1000);
  });

  it('tolerates mismatched tags but reports unparseable XML as FILE_CORRUPT', () => {
    expect(textOf(parseXml('<a><b>kept</a>', 'content.xml'))).toBe('kept');
    expect(() => parseXml('<a x="1></a>', 'content.xml')).toThrow(expect.objectContaining({ code: 'FILE_CORRUPT' }));
    expect(() => parseXml('<a><![CDATA[x</a>', 'content.xml')).toThrow(expect.objectContaining({ code: 'FILE_CORRUPT' }));
  });
});
