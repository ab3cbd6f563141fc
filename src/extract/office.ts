import { csvExtractor } from './csv.js';
import { docxExtractor } from './docx.js';
import { epubExtractor } from './epub.js';
import { htmlExtractor } from './html.js';
import { jsonExtractor } from './json.js';
import { odpExtractor, odsExtractor, odtExtractor } from './odf.js';
import { oleExtractor } from './ole.js';
import { pptxExtractor } from './pptx.js';
import { rtfExtractor } from './rtf.js';
import { inSandbox } from './sandbox/isolated.js';
import { textExtractor } from './text.js';
import type { Extractor } from './types.js';
import { xlsxExtractor } from './xlsx.js';

/**
 * Office and document formats (DOCX, PPTX, XLSX, CSV, ODT, ODP, ODS, RTF, EPUB, JSON, HTML, text in any common
 * encoding). Every one parses in the extraction sandbox (worker threads with a time and a heap limit), never on the
 * event loop.
 */
export const officeExtractors: readonly Extractor[] = [
  inSandbox(docxExtractor, 'the Word document'),
  inSandbox(pptxExtractor, 'the PowerPoint presentation'),
  inSandbox(xlsxExtractor, 'the Excel workbook'),
  inSandbox(csvExtractor, 'the CSV file'),
  inSandbox(odtExtractor, 'the OpenDocument text'),
  inSandbox(odpExtractor, 'the OpenDocument presentation'),
  inSandbox(odsExtractor, 'the OpenDocument spreadsheet'),
  inSandbox(rtfExtractor, 'the RTF document'),
  inSandbox(epubExtractor, 'the EPUB book'),
  inSandbox(jsonExtractor, 'the JSON file'),
  inSandbox(htmlExtractor, 'the HTML page'),
  inSandbox(textExtractor, 'the text file'),
  inSandbox(oleExtractor, 'the Office file'),
];
