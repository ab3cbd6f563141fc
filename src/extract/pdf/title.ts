/** Titles producers write when the author gave none ("Untitled", "Microsoft Word - report.docx", "Slide 1"). */
const PLACEHOLDER = /^(untitled|no title|title|document\d*|slide \d+|powerpoint presentation|presentation\d*|book\d*|sheet\d*|unknown|none|null|\(anonymous\)|-)$/i;
const FILE_NAME = /\.(pdf|docx?|odt|rtf|txt|pptx?|xlsx?|indd|qxp|pages|key|tex|dvi|ps|html?|jpe?g|png|tiff?)$/i;

/**
 * The PDF Info Title when a person would call it a title: trimmed, "Microsoft Word - " style prefixes removed, and
 * not a placeholder or a file name.
 */
export function meaningfulTitle(raw: string | null): string | null {
  if (!raw) return null;
  const title = raw
    .replace(/[\u0000-\u001f\u007f\ufeff\ufffd]/g, ' ')
    .replace(/^\s*(microsoft (word|powerpoint|excel)|libreoffice \w+|writer)\s+-\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (title.length < 2 || title.length > 300) return null;
  if (PLACEHOLDER.test(title) || FILE_NAME.test(title) || /^[\W\d_]+$/.test(title)) return null;
  return title;
}
