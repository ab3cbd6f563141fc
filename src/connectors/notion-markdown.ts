/** Notion's API shapes the renderer reads (only what it uses). */
export interface NotionRichText {
  plain_text: string;
  href?: string | null;
  annotations?: { bold?: boolean; italic?: boolean; strikethrough?: boolean; code?: boolean };
}

export interface NotionBlock {
  id: string;
  type: string;
  has_children?: boolean;
  /** Filled by the reader for blocks with has_children. */
  children?: NotionBlock[];
  [type: string]: unknown;
}

/** One rich-text run as markdown: code, bold, italic, strikethrough and links kept. */
export function richText(runs: readonly NotionRichText[] | undefined): string {
  return (runs ?? [])
    .map((r) => {
      let t = r.plain_text;
      if (t === '') return t;
      const a = r.annotations ?? {};
      if (a.code) t = `\`${t}\``;
      if (a.bold) t = `**${t}**`;
      if (a.italic) t = `*${t}*`;
      if (a.strikethrough) t = `~~${t}~~`;
      if (r.href) t = `[${t}](${r.href})`;
      return t;
    })
    .join('');
}

function body(block: NotionBlock): { rich_text?: NotionRichText[]; checked?: boolean; language?: string; title?: string; expression?: string; cells?: NotionRichText[][] } {
  return (block[block.type] ?? {}) as ReturnType<typeof body>;
}

/**
 * Blocks → markdown: headings, paragraphs, bulleted/numbered/to-do lists with nesting, quotes and callouts, code
 * with its language, toggles, dividers, tables, equations, child pages and databases (as a line naming them; each
 * is a document of its own). Unknown block types contribute their text, if any.
 */
export function blocksToMarkdown(blocks: readonly NotionBlock[], depth = 0): string {
  const indent = '  '.repeat(depth);
  const out: string[] = [];
  let number = 0;
  for (const block of blocks) {
    const b = body(block);
    const text = richText(b.rich_text);
    const nested = block.children && block.children.length > 0 ? blocksToMarkdown(block.children, depth + 1) : '';
    number = block.type === 'numbered_list_item' ? number + 1 : 0;
    switch (block.type) {
      case 'heading_1':
      case 'heading_2':
      case 'heading_3':
        out.push(`${'#'.repeat(Number(block.type.slice(-1)) + 1)} ${text}`);
        if (nested) out.push(nested);
        break;
      case 'bulleted_list_item':
      case 'toggle':
        out.push(`${indent}- ${text}${nested ? `\n${nested}` : ''}`);
        break;
      case 'numbered_list_item':
        out.push(`${indent}${number}. ${text}${nested ? `\n${nested}` : ''}`);
        break;
      case 'to_do':
        out.push(`${indent}- [${b.checked ? 'x' : ' '}] ${text}${nested ? `\n${nested}` : ''}`);
        break;
      case 'quote':
      case 'callout':
        out.push(`${indent}> ${text}${nested ? `\n${nested}` : ''}`);
        break;
      case 'code':
        out.push(`${indent}\`\`\`${b.language && b.language !== 'plain text' ? b.language : ''}\n${(b.rich_text ?? []).map((r) => r.plain_text).join('')}\n${indent}\`\`\``);
        break;
      case 'divider':
        out.push('---');
        break;
      case 'equation':
        out.push(`${indent}$$${b.expression ?? ''}$$`);
        break;
      case 'child_page':
        out.push(`${indent}Child page: ${b.title ?? ''}`);
        break;
      case 'child_database':
        out.push(`${indent}Database: ${b.title ?? ''}`);
        break;
      case 'table': {
        const rows = (block.children ?? []).filter((r) => r.type === 'table_row').map((r) => (body(r).cells ?? []).map((c) => richText(c).replace(/\|/g, '\\|')));
        if (rows.length > 0) {
          const width = Math.max(...rows.map((r) => r.length));
          const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
          out.push([line(rows[0]!), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)].join('\n'));
        }
        break;
      }
      default:
        if (text) out.push(`${indent}${text}`);
        if (nested) out.push(nested);
    }
  }
  // List items stay together; other blocks are separated by a blank line.
  return out.join(depth > 0 ? '\n' : '\n\n');
}
