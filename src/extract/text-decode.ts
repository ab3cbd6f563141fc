import chardet from 'chardet';
import iconv from 'iconv-lite';

/** Encodings chardet must be confident about before we trust it over the Windows-1252 fallback. */
const MULTIBYTE = new Set(['Shift_JIS', 'EUC-JP', 'ISO-2022-JP', 'GB18030', 'Big5', 'EUC-KR', 'ISO-2022-KR', 'ISO-2022-CN']);
const CONFIDENT = 50;

export interface DecodedText {
  text: string;
  encoding: string;
}

/**
 * Bytes of a text file in any common encoding → a JS string. A BOM wins (UTF-8, UTF-16 LE/BE); then a declared
 * charset the decoder knows (`hint.declared`, e.g. from a Content-Type); then valid UTF-8;
 * then BOM-less UTF-16 (NUL bytes in every other position); then what chardet is confident about; otherwise
 * Windows-1252, which decodes ISO-8859-1 text identically for every printable character.
 */
export function decodeText(bytes: Buffer, hint: { declared?: string | null } = {}): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: bytes.subarray(3).toString('utf8'), encoding: 'UTF-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: iconv.decode(bytes.subarray(2), 'utf16le'), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: iconv.decode(bytes.subarray(2), 'utf16be'), encoding: 'UTF-16BE' };
  // A charset the sender declared (Content-Type of a fetched body) comes after a BOM and before any guessing.
  const declared = hint.declared?.trim().replace(/^["']|["']$/g, '');
  if (declared && iconv.encodingExists(declared)) return { text: iconv.decode(bytes, declared), encoding: declared };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    // not UTF-8; keep looking
  }
  const utf16 = sniffUtf16(bytes);
  if (utf16) return { text: iconv.decode(bytes, utf16), encoding: utf16 === 'utf16le' ? 'UTF-16LE' : 'UTF-16BE' };
  const guess = chardet.analyse(bytes.subarray(0, 256 * 1024))[0];
  if (guess && guess.confidence >= CONFIDENT && iconv.encodingExists(guess.name) && !/^(ISO-8859-1|windows-1252|UTF-8)$/i.test(guess.name)) {
    if (MULTIBYTE.has(guess.name) || guess.confidence >= 80) return { text: iconv.decode(bytes, guess.name), encoding: guess.name };
  }
  return { text: iconv.decode(bytes, 'windows-1252'), encoding: 'windows-1252' };
}

function sniffUtf16(bytes: Buffer): 'utf16le' | 'utf16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.3 && evenNul < pairs * 0.05) return 'utf16le';
  if (evenNul > pairs * 0.3 && oddNul < pairs * 0.05) return 'utf16be';
  return null;
}

/** Unicode NFC, \n line ends, plain spaces for no-break spaces, no control characters other than tab and newline, no trailing spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
}
