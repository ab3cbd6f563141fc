import type TurndownService from 'turndown';

interface PreNode {
  nodeName: string;
  textContent: string | null;
  getAttribute?(name: string): string | null;
  querySelector?(selector: string): PreNode | null;
}

/** "language-python", "lang-js", "highlight-source-ts", "sourceCode python" → the language word, else ''. */
function languageOf(node: PreNode): string {
  const classes = [node.getAttribute?.('class'), node.querySelector?.('code')?.getAttribute?.('class')].filter(Boolean).join(' ');
  const m = /(?:^|\s)(?:language|lang|highlight-source|brush:?)-?\s*([a-z0-9+#-]{1,20})/i.exec(classes);
  return m ? m[1]!.toLowerCase() : '';
}

/**
 * Every <pre> becomes a fenced code block with its text as it is (syntax-highlighting spans dropped, indentation
 * and blank lines kept), not only the <pre><code> pairs turndown fences itself: highlighters such as Pygments write
 * <div class="codehilite"><pre><span>… without a <code>.
 */
export function fenceCodeBlocks(turndown: TurndownService): void {
  turndown.addRule('fencedPre', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => {
      const pre = node as unknown as PreNode;
      const code = (pre.textContent ?? '').replace(/\r\n?/g, '\n').replace(/^\n+|\s+$/g, '');
      if (!code) return '';
      const fence = code.includes('```') ? '~~~~' : '```';
      return `\n\n${fence}${languageOf(pre)}\n${code}\n${fence}\n\n`;
    },
  });
}
