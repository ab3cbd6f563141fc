import { csvExtractor } from './csv.js';
import { docxExtractor } from './docx.js';
import { epubExtractor } from './epub.js';
import { htmlExtractor } from './html.js';
import { jsonExtractor } from './json.js';
import { odpExtractor, odsExtractor, odtExtractor } from './odf.js';
import { oleExtractor } from './ole.js';
import { pptxExtractor } from './pptx.js';
import { rtfExtractor } from './rtf.js';
import { textExtractor } from './text.js';
import type { Extractor } from './types.js';
import { xlsxExtractor } from './xlsx.js';

/** Office and document formats (DOCX, PPTX, XLSX, CSV, ODT, ODP, ODS, RTF, EPUB, JSON, HTML, text in any common encoding). */
export const officeExtractors: readonly Extractor[] = [
  docxExtractor,
  pptxExtractor,
  xlsxExtractor,
  csvExtractor,
  odtExtractor,
  odpExtractor,
  odsExtractor,
  rtfExtractor,
  epubExtractor,
  jsonExtractor,
  htmlExtractor,
  textExtractor,
  oleExtractor,
];
