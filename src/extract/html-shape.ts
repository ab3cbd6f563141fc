import { createError } from '../core/errors.js';

/**
 * Deepest element nesting a page may have. Browsers stop nesting at the same depth (Blink's parser attaches deeper
 * elements as siblings); turndown converts recursively and overflows the stack a few thousand levels down.
 */
export const MAX_HTML_DEPTH = 512;

export interface DomShape {
  /** Deepest element nesting (html = 1). */
  depth: number;
  elements: number;
  /** Sum of every element's depth: the work of any pass that looks at each element's ancestors or subtree. */
  cost: number;
}

interface El {
  firstElementChild: El | null;
  nextElementSibling: El | null;
  parentElement: El | null;
}

/** The shape of the element tree under `root`, walked without recursion; stops counting once deeper than `stopAt`. */
export function domShape(root: unknown, stopAt = Infinity): DomShape {
  const top = root as El;
  let depth = 1;
  const shape: DomShape = { depth: 0, elements: 0, cost: 0 };
  let node = top.firstElementChild;
  while (node) {
    shape.elements++;
    shape.cost += depth;
    if (depth > shape.depth) shape.depth = depth;
    if (depth > stopAt) return shape;
    const child = node.firstElementChild;
    if (child) {
      node = child;
      depth++;
      continue;
    }
    while (node && node !== top && !node.nextElementSibling) {
      node = node.parentElement;
      depth--;
    }
    node = node && node !== top ? node.nextElementSibling : null;
  }
  return shape;
}

/** EXTRACTION_LIMIT when a parsed document nests elements deeper than MAX_HTML_DEPTH. */
export function assertHtmlDepth(shape: DomShape, what: string): void {
  if (shape.depth > MAX_HTML_DEPTH) {
    throw createError('EXTRACTION_LIMIT', [`${what} nests elements more than ${MAX_HTML_DEPTH} levels deep`], { permanent: true });
  }
}

/** EXTRACTION_LIMIT when HTML text nests deeper than MAX_HTML_DEPTH, by htmlNesting's linear scan (nothing parsed). */
export function checkHtmlDepth(html: string, what: string): void {
  if (htmlNesting(html, MAX_HTML_DEPTH) > MAX_HTML_DEPTH) {
    throw createError('EXTRACTION_LIMIT', [`${what} nests elements more than ${MAX_HTML_DEPTH} levels deep`], { permanent: true });
  }
}

const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
/** Elements an opening tag closes when one is the innermost open element (htmlparser2's table, which linkedom uses). */
const IMPLIED_CLOSE: Record<string, readonly string[]> = {
  tr: ['tr', 'th', 'td'],
  th: ['th'],
  td: ['thead', 'th', 'td'],
  body: ['head', 'link', 'script'],
  li: ['li'],
  p: P,
  h1: P,
  h2: P,
  h3: P,
  h4: P,
  h5: P,
  h6: P,
  address: P,
  article: P,
  aside: P,
  blockquote: P,
  details: P,
  div: P,
  dl: P,
  fieldset: P,
  figcaption: P,
  figure: P,
  footer: P,
  form: P,
  header: P,
  hr: P,
  main: P,
  nav: P,
  ol: P,
  pre: P,
  section: P,
  table: P,
  ul: P,
  select: FORM,
  input: FORM,
  output: FORM,
  button: FORM,
  datalist: FORM,
  textarea: FORM,
  option: ['option'],
  optgroup: ['optgroup', 'option'],
  dd: ['dd', 'dt'],
  dt: ['dd', 'dt'],
  rt: ['rt', 'rp'],
  rp: ['rt', 'rp'],
  tbody: ['thead', 'tbody'],
  tfoot: ['thead', 'tbody'],
};
/** How far down the open elements a closing tag looks for its element (further: ignored, which only over-counts). */
const CLOSE_SEARCH = 64;

/**
 * Nesting depth of HTML text by one linear scan, before any parser sees it: HTML parsers (htmlparser2 under
 * linkedom, too) keep their open elements in an array they shift and unshift, quadratic in depth, so 200,000
 * nested divs take minutes to parse before a DOM walk could count them. Void elements, raw-text elements,
 * comments, self-closing tags inside SVG and MathML, and the implied closes of htmlparser2 are followed; where the
 * scan is unsure it counts an element as still open, so it never reports less nesting than the parser builds.
 * Stops once past `stopAt`.
 */
export function htmlNesting(html: string, stopAt = Infinity): number {
  const lower = html.toLowerCase();
  const stack: string[] = [];
  let foreign = 0;
  let max = 0;
  let i = 0;
  while ((i = lower.indexOf('<', i)) !== -1) {
    if (lower.startsWith('<!--', i)) {
      const end = lower.indexOf('-->', i + 4);
      if (end === -1) break;
      i = end + 3;
      continue;
    }
    const closing = lower.charCodeAt(i + 1) === 47;
    const m = /^[a-z][^\s/>]*/.exec(lower.slice(i + (closing ? 2 : 1), i + (closing ? 2 : 1) + 64));
    const end = lower.indexOf('>', i + 1);
    if (end === -1) break;
    if (!m) {
      i = end + 1;
      continue;
    }
    const name = m[0];
    if (closing) {
      const at = stack.lastIndexOf(name, stack.length - 1);
      if (at !== -1 && at >= stack.length - CLOSE_SEARCH) {
        for (const popped of stack.splice(at)) if (popped === 'svg' || popped === 'math') foreign--;
      }
      i = end + 1;
      continue;
    }
    const implied = IMPLIED_CLOSE[name];
    while (implied && stack.length > 0 && implied.includes(stack[stack.length - 1]!)) stack.pop();
    const selfClosing = lower.charCodeAt(end - 1) === 47;
    if (!VOID.has(name) && !(selfClosing && foreign > 0)) {
      stack.push(name);
      if (name === 'svg' || name === 'math') foreign++;
      if (stack.length > max) max = stack.length;
      if (max > stopAt) return max;
    }
    i = end + 1;
    if (RAW_TEXT.has(name) && foreign === 0) {
      const close = lower.indexOf(`</${name}`, i);
      if (close === -1) break;
      stack.pop();
      i = close;
    }
  }
  return max;
}
