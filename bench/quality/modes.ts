/**
 * Search modes compared side by side. Chunk modes send `searchMode: "documents"` (chunks only, as before the memory
 * engine); the retriever is a service configuration (the fusion weights of `1 − (1 − w_v·v)(1 − w_k·k)`) plus the
 * request's `rerank` flag: w_v = 0 ranks by calibrated keyword coverage alone, w_k = 0 by calibrated vector
 * similarity alone. Memory modes send `searchMode: "memories"` (facts only) or `"hybrid"` (the service default:
 * memories and chunks in one ranking) and are scored through each memory's source documents.
 */
export type ModeName = 'keyword' | 'vector' | 'hybrid' | 'hybrid-rerank' | 'memories' | 'hybrid-memories';

export type SearchModeParam = 'documents' | 'memories' | 'hybrid';

export interface SearchMode {
  name: ModeName;
  label: string;
  /** Environment overrides of the runtime that serves this mode. */
  env: Record<string, string>;
  rerank: boolean;
  /** The request's `searchMode`. */
  searchMode: SearchModeParam;
  /**
   * How results become ranking slots (metrics.ts rankingOf): chunk modes count distinct units, as they always have;
   * memory modes count results, each crediting every source document it maps to.
   */
  slots: 'distinct-units' | 'results';
}

const chunkMode = (name: ModeName, label: string, env: Record<string, string>, rerank: boolean): SearchMode => ({
  name,
  label,
  env,
  rerank,
  searchMode: 'documents',
  slots: 'distinct-units',
});

export const MODES: Readonly<Record<ModeName, SearchMode>> = {
  keyword: chunkMode('keyword', 'keyword', { MNEMO_SEARCH_VECTOR_WEIGHT: '0', MNEMO_SEARCH_KEYWORD_WEIGHT: '1' }, false),
  vector: chunkMode('vector', 'vector', { MNEMO_SEARCH_VECTOR_WEIGHT: '1', MNEMO_SEARCH_KEYWORD_WEIGHT: '0' }, false),
  hybrid: chunkMode('hybrid', 'hybrid', {}, false),
  'hybrid-rerank': chunkMode('hybrid-rerank', 'hybrid+rerank', {}, true),
  memories: { name: 'memories', label: 'memories', env: {}, rerank: false, searchMode: 'memories', slots: 'results' },
  'hybrid-memories': { name: 'hybrid-memories', label: 'memories+chunks', env: {}, rerank: false, searchMode: 'hybrid', slots: 'results' },
};

export const MODE_NAMES = Object.keys(MODES) as ModeName[];

/** Whether a mode needs the memory step at ingestion. */
export const usesMemories = (m: SearchMode) => m.searchMode !== 'documents';

export function parseModes(value: string | undefined): SearchMode[] {
  if (!value) return MODE_NAMES.map((m) => MODES[m]);
  return value.split(',').map((m) => {
    const mode = MODES[m.trim() as ModeName] as SearchMode | undefined;
    if (!mode) throw new Error(`--modes: unknown mode "${m}" (known: ${MODE_NAMES.join(', ')})`);
    return mode;
  });
}

/**
 * Search settings from the caller's environment (MNEMO_SEARCH_*, MNEMO_RERANK_*), so a tuning run can set the
 * hybrid weights; the keyword and vector modes override the weights.
 */
export function searchEnvFromProcess(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => (e[0].startsWith('MNEMO_SEARCH_') || e[0].startsWith('MNEMO_RERANK_')) && e[1] !== undefined));
}
