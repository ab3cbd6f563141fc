/**
 * Search modes compared side by side. The service has no per-request retriever switch, so each mode is a service
 * configuration (the fusion weights of `1 − (1 − w_v·v)(1 − w_k·k)`) plus the request's `rerank` flag:
 * w_v = 0 ranks by calibrated keyword coverage alone, w_k = 0 by calibrated vector similarity alone.
 */
export type ModeName = 'keyword' | 'vector' | 'hybrid' | 'hybrid-rerank';

export interface SearchMode {
  name: ModeName;
  label: string;
  /** Environment overrides of the runtime that serves this mode. */
  env: Record<string, string>;
  rerank: boolean;
}

export const MODES: Readonly<Record<ModeName, SearchMode>> = {
  keyword: { name: 'keyword', label: 'keyword', env: { MNEMO_SEARCH_VECTOR_WEIGHT: '0', MNEMO_SEARCH_KEYWORD_WEIGHT: '1' }, rerank: false },
  vector: { name: 'vector', label: 'vector', env: { MNEMO_SEARCH_VECTOR_WEIGHT: '1', MNEMO_SEARCH_KEYWORD_WEIGHT: '0' }, rerank: false },
  hybrid: { name: 'hybrid', label: 'hybrid', env: {}, rerank: false },
  'hybrid-rerank': { name: 'hybrid-rerank', label: 'hybrid+rerank', env: {}, rerank: true },
};

export const MODE_NAMES = Object.keys(MODES) as ModeName[];

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
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => (e[0].startsWith('MNEMO_SEARCH_') || e[0].startsWith('MNEMO_RERANK_')) && e[1] !== undefined),
  );
}
