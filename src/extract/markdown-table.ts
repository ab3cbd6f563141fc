/** Renders rows of cell text as a GFM markdown table; the first row is the header. Rows are padded to equal width. */
export function markdownTable(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const width = Math.max(1, ...rows.map((r) => r.length));
  const line = (r: readonly string[]) => `| ${Array.from({ length: width }, (_, i) => cell(r[i] ?? '')).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head!), `|${' --- |'.repeat(width)}`, ...body.map(line)].join('\n');
}

/** One cell: a single line, pipes escaped. */
function cell(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

/** Drops rows and columns that are empty everywhere (spreadsheets pad with blank cells). */
export function trimEmpty(rows: string[][]): string[][] {
  const kept = rows.filter((r) => r.some((c) => c.trim() !== ''));
  const width = Math.max(0, ...kept.map((r) => r.length));
  const used = Array.from({ length: width }, (_, i) => kept.some((r) => (r[i] ?? '').trim() !== ''));
  return kept.map((r) => used.flatMap((u, i) => (u ? [r[i] ?? ''] : [])));
}

/** A stored number as a person would type it: binary floating-point noise removed (4.4000000000000004 → 4.4). */
export function formatNumber(raw: string): string {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return raw;
  return String(Number(n.toPrecision(15)));
}
