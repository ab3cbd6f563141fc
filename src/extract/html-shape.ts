import { parseHTML } from 'linkedom';
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

/** Parses an HTML fragment (linear time) only to check its nesting, before a recursive converter sees it. */
export function checkHtmlDepth(html: string, what: string): void {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  assertHtmlDepth(domShape(document, MAX_HTML_DEPTH), what);
}
