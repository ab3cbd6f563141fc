/**
 * Speed chart (hand-written SVG) from the latest search and ingest results: search latency per corpus size against
 * the p95 targets, and pipeline throughput against the raw model. Redrawn by bench:search and bench:ingest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { svgDocument, svgText } from './svg.js';

interface SearchLatest {
  date?: string;
  results: { size: number; latency: { p50: number; p95: number; p99: number } }[];
}
interface IngestLatest {
  bulk: { docsPerSecond: number };
  rawModel: Record<string, unknown> & { batch32?: { docsPerSecond: number }; batch32SortedByLength?: { docsPerSecond: number }; batch1?: { docsPerSecond: number } };
  ratio: { target: number };
}

/** p95 targets of the issue, by corpus size (chunks). */
const P95_TARGET_MS: Readonly<Record<number, number>> = { 100_000: 50, 1_000_000: 150 };
const COLORS = ['#5b8def', '#2f9e6e', '#e8912d', '#9aa5b1'];
const H = 340;
const M = { left: 56, right: 16, top: 72, bottom: 40 };
const PANEL_W = 380;

export function drawPerfChart(resultsDir: string): string | null {
  const search = latestPerSize(resultsDir);
  const ingest = readJson<IngestLatest>(path.join(resultsDir, 'ingest-latest.json'));
  if (!search && !ingest) return null;
  const parts: string[] = [];
  if (search) {
    const groups = search.results.map((r) => ({
      label: `${r.size.toLocaleString('en-US')} chunks`,
      values: [r.latency.p50, r.latency.p95, r.latency.p99],
      target: P95_TARGET_MS[r.size],
    }));
    parts.push(panel(0, 'POST /v4/search latency, one client (ms)', ['p50', 'p95', 'p99'], groups, 'p95 target'));
  }
  if (ingest) {
    const raw = ingest.rawModel;
    const values = [ingest.bulk.docsPerSecond, raw.batch32?.docsPerSecond ?? NaN, raw.batch32SortedByLength?.docsPerSecond ?? NaN, raw.batch1?.docsPerSecond ?? NaN];
    const best = Math.max(...values.slice(1).filter(Number.isFinite));
    const groups = [{ label: 'documents of ~1 KB', values, target: Number.isFinite(best) ? best * ingest.ratio.target : undefined }];
    parts.push(panel(PANEL_W, 'Ingestion throughput (docs/s)', ['pipeline', 'raw b32', 'raw sorted', 'raw b1'], groups, '80% of best raw'));
  }
  const file = path.join(resultsDir, 'perf-chart.svg');
  fs.writeFileSync(file, svgDocument(PANEL_W * 2, H, parts));
  return file;
}

function panel(x0: number, title: string, series: readonly string[], groups: { label: string; values: number[]; target?: number }[], targetLabel: string): string {
  const plotW = PANEL_W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const all = groups.flatMap((g) => [...g.values, g.target ?? 0]).filter(Number.isFinite);
  const max = niceMax(Math.max(1, ...all));
  const y = (v: number) => M.top + plotH * (1 - Math.min(1, Math.max(0, v / max)));
  const out: string[] = [svgText(x0 + M.left, 20, title, { size: 14, weight: 'bold' })];
  series.forEach((s, i) => {
    const lx = x0 + M.left + i * 68;
    out.push(`<rect x="${lx}" y="30" width="11" height="11" fill="${COLORS[i % COLORS.length]}"/>`, svgText(lx + 15, 40, s, { size: 11 }));
  });
  const tx = x0 + M.left;
  out.push(`<line x1="${tx}" y1="52" x2="${tx + 20}" y2="52" stroke="#d62728" stroke-width="2" stroke-dasharray="5,3"/>`, svgText(tx + 24, 56, targetLabel, { size: 11 }));
  for (let i = 0; i <= 4; i++) {
    const v = (max * i) / 4;
    out.push(`<line x1="${x0 + M.left}" y1="${y(v)}" x2="${x0 + PANEL_W - M.right}" y2="${y(v)}" stroke="#e5e7eb"/>`);
    out.push(svgText(x0 + M.left - 6, y(v) + 4, fmt(v), { size: 10, anchor: 'end', fill: '#555' }));
  }
  const groupW = plotW / Math.max(1, groups.length);
  const barW = Math.min(36, (groupW * 0.8) / series.length);
  groups.forEach((g, gi) => {
    const gx = x0 + M.left + gi * groupW + (groupW - barW * series.length) / 2;
    g.values.forEach((v, i) => {
      if (!Number.isFinite(v)) return;
      const bx = gx + i * barW;
      out.push(`<rect x="${bx + 1}" y="${y(v)}" width="${barW - 2}" height="${M.top + plotH - y(v)}" fill="${COLORS[i % COLORS.length]}"/>`);
      out.push(svgText(bx + barW / 2, y(v) - 4, fmt(v), { size: 10, anchor: 'middle', halo: true }));
    });
    if (g.target !== undefined) {
      out.push(`<line x1="${gx - 6}" y1="${y(g.target)}" x2="${gx + barW * series.length + 6}" y2="${y(g.target)}" stroke="#d62728" stroke-width="2" stroke-dasharray="5,3"/>`);
    }
    out.push(svgText(gx + (barW * series.length) / 2, M.top + plotH + 18, g.label, { size: 11, anchor: 'middle' }));
  });
  return out.join('\n');
}

/**
 * The newest search result of each corpus size, over search-latest.json and the dated search files still kept (a run
 * may cover some sizes only; bench/results-files.ts), newest by the date inside.
 */
function latestPerSize(resultsDir: string): SearchLatest | null {
  const files = fs.existsSync(resultsDir) ? fs.readdirSync(resultsDir).filter((f) => /^search-(latest|\d{4}-.*)\.json$/.test(f)) : [];
  const runs = files.flatMap((f) => readJson<SearchLatest>(path.join(resultsDir, f)) ?? []).sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  const bySize = new Map<number, SearchLatest['results'][number]>();
  // Entries of a failed child (no latency) are skipped, so a size keeps its last measured result.
  for (const run of runs) for (const r of run.results ?? []) if ((r as { latency?: unknown }).latency) bySize.set(r.size, r);
  return bySize.size > 0 ? { results: [...bySize.values()].sort((a, b) => a.size - b.size) } : null;
}

function niceMax(v: number): number {
  const step = 10 ** Math.floor(Math.log10(v));
  return Math.ceil((v * 1.1) / step) * step;
}

function fmt(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1).replace(/\.0$/, '') : v.toFixed(2).replace(/\.?0+$/, '');
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
