import { escapeXml, svgDocument, svgText } from '../svg.js';

/** Grouped bar chart (hand-written SVG): each dataset's headline metric per search mode, with target and reference. */

export interface ChartGroup {
  /** e.g. "LoCoMo recall@10". */
  label: string;
  /** Values in [0, 1], one per series, NaN when the mode was not run. */
  values: number[];
  target: number;
  reference?: { value: number; label: string };
  format: 'percent' | 'decimal';
}

const COLORS = ['#9aa5b1', '#5b8def', '#2f9e6e', '#e8912d', '#8e5bd8', '#d6537a'];
const W = 880;
const H = 380;
const M = { left: 48, right: 16, top: 56, bottom: 56 };

export function renderChart(title: string, series: readonly string[], groups: readonly ChartGroup[], footnote = ''): string {
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const y = (v: number) => M.top + plotH * (1 - Math.min(1, Math.max(0, v)));
  const groupW = plotW / Math.max(1, groups.length);
  const barW = Math.min(40, (groupW * 0.8) / Math.max(1, series.length));
  const parts: string[] = [];
  parts.push(svgText(M.left, 22, title, { size: 15, weight: 'bold' }));
  // Legend items as wide as their labels (about 6.5 px per character at size 12).
  let lx = M.left;
  series.forEach((s, i) => {
    parts.push(`<rect x="${lx}" y="32" width="12" height="12" fill="${COLORS[i % COLORS.length]}"/>`, svgText(lx + 17, 42, s, { size: 12 }));
    lx += 17 + Math.ceil(s.length * 6.5) + 16;
  });
  parts.push(`<line x1="${lx}" y1="38" x2="${lx + 22}" y2="38" stroke="#d62728" stroke-width="2" stroke-dasharray="5,3"/>`, svgText(lx + 27, 42, 'target', { size: 12 }));
  parts.push(`<line x1="${lx + 80}" y1="38" x2="${lx + 102}" y2="38" stroke="#333" stroke-width="2" stroke-dasharray="1,3"/>`, svgText(lx + 107, 42, 'published', { size: 12 }));
  for (let t = 0; t <= 10; t += 2) {
    const v = t / 10;
    parts.push(`<line x1="${M.left}" y1="${y(v)}" x2="${W - M.right}" y2="${y(v)}" stroke="#e5e7eb"/>`);
    parts.push(svgText(M.left - 6, y(v) + 4, v.toFixed(1), { size: 11, anchor: 'end', fill: '#555' }));
  }
  // Value labels go last, with a white halo, so the target and reference lines never hide them.
  const labels: string[] = [];
  groups.forEach((g, gi) => {
    const gx = M.left + gi * groupW;
    const x0 = gx + (groupW - barW * series.length) / 2;
    g.values.forEach((v, i) => {
      if (Number.isNaN(v)) return;
      const x = x0 + i * barW;
      parts.push(`<rect x="${x + 2}" y="${y(v)}" width="${barW - 4}" height="${y(0) - y(v)}" fill="${COLORS[i % COLORS.length]}"><title>${escapeXml(series[i] ?? '')}: ${fmt(v, g.format)}</title></rect>`);
      labels.push(svgText(x + barW / 2, y(v) - 4, fmt(v, g.format), { size: 10, anchor: 'middle', halo: true }));
    });
    const x1 = x0 - 6;
    const x2 = x0 + barW * series.length + 6;
    parts.push(`<line x1="${x1}" y1="${y(g.target)}" x2="${x2}" y2="${y(g.target)}" stroke="#d62728" stroke-width="2" stroke-dasharray="5,3"/>`);
    parts.push(svgText(x2 + 3, y(g.target) + 3, fmt(g.target, g.format), { size: 9, fill: '#d62728' }));
    if (g.reference) {
      parts.push(
        `<line x1="${x1}" y1="${y(g.reference.value)}" x2="${x2}" y2="${y(g.reference.value)}" stroke="#333" stroke-width="2" stroke-dasharray="1,3"><title>${escapeXml(g.reference.label)}: ${fmt(g.reference.value, g.format)}</title></line>`,
      );
      parts.push(svgText(x2 + 3, y(g.reference.value) + 3, fmt(g.reference.value, g.format), { size: 9, fill: '#333' }));
    }
    parts.push(svgText(gx + groupW / 2, H - M.bottom + 20, g.label, { size: 13, anchor: 'middle', weight: 'bold' }));
    parts.push(svgText(gx + groupW / 2, H - M.bottom + 37, `target ${fmt(g.target, g.format)}`, { size: 11, anchor: 'middle', fill: '#d62728' }));
  });
  parts.push(...labels);
  parts.push(`<line x1="${M.left}" y1="${y(0)}" x2="${W - M.right}" y2="${y(0)}" stroke="#333"/>`);
  if (footnote) parts.push(svgText(W - M.right, H - 6, footnote, { size: 10, anchor: 'end', fill: '#777' }));
  return svgDocument(W, H, parts);
}

function fmt(v: number, format: 'percent' | 'decimal'): string {
  return format === 'percent' ? `${(v * 100).toFixed(1)}%` : v.toFixed(3);
}
