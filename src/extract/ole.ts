import { createError } from '../core/errors.js';
import type { Extractor } from './types.js';
import { describeCfb, isCfb } from './zip.js';

/**
 * OLE compound files (CFB): legacy .doc/.xls/.ppt are not supported and say so, naming the format and what to upload
 * instead; an OOXML file saved with a password is also a CFB container (EncryptionInfo + EncryptedPackage) → FILE_ENCRYPTED.
 */
export const oleExtractor: Extractor = {
  name: 'ole',
  mimes: ['application/x-cfb', 'application/x-ole-storage', 'application/vnd.ms-office', 'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint', 'application/cdfv2'],
  async extract(input) {
    const bytes = await input.bytes();
    if (bytes.length === 0) throw createError('EMPTY_CONTENT', [], { permanent: true });
    if (!isCfb(bytes)) throw createError('FILE_CORRUPT', ['not an OLE compound file (bad signature)'], { permanent: true });
    const kind = describeCfb(bytes);
    if (kind === 'encrypted') {
      throw createError('FILE_ENCRYPTED', ['password-protected Office document; remove the password (or export to PDF) and upload again'], { permanent: true });
    }
    const suggestion = /Excel/.test(kind ?? '') ? 'save it as XLSX or CSV' : /PowerPoint/.test(kind ?? '') ? 'save it as PPTX or PDF' : 'save it as DOCX or PDF';
    throw createError('UNSUPPORTED_CONTENT', [`${kind ?? 'an OLE compound file (legacy Office format), which is not supported'}; ${suggestion} and upload that`], { permanent: true });
  },
};
