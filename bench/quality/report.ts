/** Markdown tables of one dataset's result: metrics per mode beside published references and the target. */
import { markdownTable } from '../lib.js';
import type { ModeResult } from './evaluate.js';
import { MODES, type ModeName } from './modes.js';
import type { MetricSpec, Reference } from './types.js';

export interface DatasetResultView {
  title: string;
  embedderId: string;
  queries: number;
  documents: number;
  metrics: Pick<MetricSpec, 'name' | 'format'>[];
  headline: { metric: string; target: number };
  references: Reference[];
  modes: ModeResult[];
  memoryInventory?: { memories: number; sourcesPerMemory: { mean: number; max: number }; evidenceWithMemory: { overall: number; byCategory: Record<string, number> } };
}

export function formatMetric(value: number | undefined, format: 'percent' | 'decimal'): string {
  if (value === undefined || Number.isNaN(value)) return '–';
  return format === 'percent' ? `${(value * 100).toFixed(1)}%` : value.toFixed(3);
}

const label = (mode: string) => MODES[mode as ModeName]?.label ?? mode;

export function renderDataset(r: DatasetResultView): string {
  const modes = r.modes;
  const out = [`### ${r.title}: ${r.queries} queries over ${r.documents} documents (${r.embedderId})`, ''];
  const rows = r.metrics.map((m) => {
    const ref = r.references.filter((x) => x.metric === m.name).map((x) => `${formatMetric(x.value, m.format)} (${x.source})`);
    const target = m.name === r.headline.metric ? `≥ ${formatMetric(r.headline.target, m.format)}` : '';
    return [m.name, ...modes.map((x) => formatMetric(x.overall[m.name], m.format)), ref.join('; ') || '', target];
  });
  out.push(markdownTable(['metric', ...modes.map((x) => label(x.mode)), 'published reference', 'target'], rows), '');

  const categories = Object.keys(modes[0]?.byCategory ?? {});
  if (categories.length > 1) {
    const shown = r.metrics.filter((m) => m.name === r.headline.metric || m.name === secondary(r));
    const catRows = categories.map((c) => [`${c} (${modes[0]!.byCategory[c]!.n})`, ...modes.map((x) => shown.map((m) => formatMetric(x.byCategory[c]?.[m.name], m.format)).join(' / '))]);
    out.push(`By category (${shown.map((m) => m.name).join(' / ')}):`, '');
    out.push(markdownTable(['category (n)', ...modes.map((x) => label(x.mode))], catRows), '');
  }
  const memoryModes = modes.filter((x) => x.distinctUnitsOverall && x.top10);
  if (memoryModes.length > 0) {
    const h = r.metrics.find((m) => m.name === r.headline.metric)!;
    out.push('Memory modes (k counts results; each memory stands for all its source documents):', '');
    const inv = r.memoryInventory;
    out.push(
      markdownTable(
        ['', ...memoryModes.map((x) => label(x.mode))],
        [
          [`${h.name}, k = first distinct units instead`, ...memoryModes.map((x) => formatMetric(x.distinctUnitsOverall![h.name], h.format))],
          ['memories among the first 10 results (mean)', ...memoryModes.map((x) => String(x.top10!.memories.mean))],
          ['units the first 10 results stand for (mean / max)', ...memoryModes.map((x) => `${x.top10!.units.mean} / ${x.top10!.units.max}`)],
        ],
      ),
      '',
    );
    if (inv) {
      const cats = Object.entries(inv.evidenceWithMemory.byCategory).map(([c, v]) => `${c} ${formatMetric(v, 'percent')}`);
      out.push(
        `${inv.memories} memories (sources per memory: mean ${inv.sourcesPerMemory.mean}, max ${inv.sourcesPerMemory.max}); relevant units that are the source of at least one memory: ${formatMetric(inv.evidenceWithMemory.overall, 'percent')} (${cats.join(', ')})`,
        '',
      );
    }
  }
  out.push(
    markdownTable(
      ['search latency', ...modes.map((x) => label(x.mode))],
      [
        ['p50 / p95 ms', ...modes.map((x) => `${x.latencyMs.p50} / ${x.latencyMs.p95}`)],
        ['distinct units returned (min / p50)', ...modes.map((x) => `${x.distinctUnits.min} / ${x.distinctUnits.p50}`)],
      ],
    ),
  );
  return out.join('\n');
}

/** The metric shown beside the headline in the category table: the one before it (recall@5 beside recall@10). */
function secondary(r: DatasetResultView): string | undefined {
  const i = r.metrics.findIndex((m) => m.name === r.headline.metric);
  return i > 0 ? r.metrics[i - 1]!.name : r.metrics[i + 1]?.name;
}
