/**
 * The command line of bench/quality.ts: its options, their help text, and the parse. Node's `parseArgs` in strict
 * mode throws on `--help` and on an unknown option; the benchmark printed that as a stack trace. Here `--help` is an
 * option that prints the text below, and a parse error becomes one line for the caller to print (exit 2).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATASET_NAMES } from './types.js';
import { MODE_NAMES } from './modes.js';

interface OptionHelp {
  type: 'string' | 'boolean';
  default?: string | boolean;
  /** Placeholder of a string option's value. */
  value?: string;
  short?: string;
  help: string;
}

function optionsHelp(sharedDefault: string): Record<string, OptionHelp> {
  return {
    datasets: { type: 'string', default: DATASET_NAMES.join(','), value: 'a,b', help: `datasets to run (${DATASET_NAMES.join(', ')})` },
    modes: { type: 'string', value: 'a,b', help: `search modes, side by side on the same ingestion (${MODE_NAMES.join(', ')}); default all` },
    'limit-questions': { type: 'string', default: '0', value: 'N', help: 'a sample of N questions per dataset; 0 = all' },
    'question-ids': { type: 'string', value: 'id,id', help: 'LongMemEval only: these question ids and their haystacks' },
    embedder: { type: 'string', default: 'local', value: 'local|hash', help: 'the embedding model: the local model, or the hash embedder (no model)' },
    cache: { type: 'boolean', default: false, help: 'reuse (or save) the ingested data in bench/.cache/quality' },
    'chart-only': { type: 'boolean', default: false, help: 'redraw bench/results/quality-chart.svg from the latest results and exit' },
    'ingest-concurrency': { type: 'string', value: 'N', help: 'documents processed at once while ingesting (MNEMO_INGEST_CONCURRENCY)' },
    'scifact-docs': { type: 'string', default: '0', value: 'N', help: "SciFact only: keep N abstracts (the sampled claims' relevant ones first); 0 = the whole corpus" },
    shared: { type: 'string', default: sharedDefault, value: 'dir', help: 'the shared data directory (MNEMO_SHARED_DATA)' },
    help: { type: 'boolean', default: false, short: 'h', help: 'print this help and exit' },
  };
}

export type QualityArgs = {
  datasets: string;
  modes?: string;
  'limit-questions': string;
  'question-ids'?: string;
  embedder: string;
  cache: boolean;
  'chart-only': boolean;
  'ingest-concurrency'?: string;
  'scifact-docs': string;
  shared: string;
  help: boolean;
};

export type ParsedCommand = { kind: 'run'; args: QualityArgs } | { kind: 'help'; text: string } | { kind: 'error'; message: string };

/** The usage text: one line per option, with its value and default. */
export function usage(sharedDefault: string): string {
  const rows = Object.entries(optionsHelp(sharedDefault)).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : ''}--${name}${o.value ? ` ${o.value}` : ''}`;
    const dflt = o.type === 'string' && o.default !== undefined ? ` (default: ${o.default})` : '';
    return `  ${flag.padEnd(30)} ${o.help}${dflt}`;
  });
  return ['Usage: npm run bench:quality -- [options]', '', 'Retrieval quality (LoCoMo, LongMemEval_S, SciFact) over POST /v4/search, mode by mode.', '', 'Options:', ...rows].join('\n');
}

/** Parses the benchmark's arguments; never throws. */
export function parseQualityArgs(argv: readonly string[], sharedDefault: string): ParsedCommand {
  const options = Object.fromEntries(
    Object.entries(optionsHelp(sharedDefault)).map(([name, o]) => [name, { type: o.type, ...(o.default === undefined ? {} : { default: o.default }), ...(o.short ? { short: o.short } : {}) }]),
  ) as Record<string, { type: 'string' | 'boolean'; default?: string | boolean; short?: string }>;
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }));
  } catch (err) {
    // parseArgs' messages are one sentence, sometimes followed by a hint about '--': keep the first line.
    const message = (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
    return { kind: 'error', message: `${message} (see --help)` };
  }
  if (values.help) return { kind: 'help', text: usage(sharedDefault) };
  return { kind: 'run', args: values as QualityArgs };
}

/** The default of --shared: $MNEMO_SHARED_DATA, else ../shared/data beside the repository. */
export function defaultSharedDir(repoRoot: string, env: NodeJS.ProcessEnv): string {
  return env.MNEMO_SHARED_DATA ?? path.resolve(repoRoot, '..', 'shared', 'data');
}
