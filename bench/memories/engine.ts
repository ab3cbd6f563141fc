/**
 * Which memory engine a bench:memories run measures. Default: the offline engine (every MNEMO_LLM_* of the caller's
 * environment is left out). `--llm`: the LLM engine on any OpenAI-compatible endpoint, from the caller's
 * MNEMO_LLM_URL (required), MNEMO_LLM_API_KEY, MNEMO_LLM_MODEL, MNEMO_LLM_TIMEOUT_MS and MNEMO_LLM_MAX_ATTEMPTS,
 * passed to the service through loadConfig like any other setting.
 */
import { loadConfig } from '../../src/core/config.js';

const LLM_VARIABLES = ['MNEMO_LLM_URL', 'MNEMO_LLM_API_KEY', 'MNEMO_LLM_MODEL', 'MNEMO_LLM_TIMEOUT_MS', 'MNEMO_LLM_MAX_ATTEMPTS'] as const;

export interface EngineChoice {
  kind: 'offline' | 'llm';
  /** Environment for the service under test (merged into its loadConfig input). */
  env: Record<string, string>;
  /** For the result file: the model and the endpoint's origin (never the key). */
  model: string | null;
  endpoint: string | null;
}

export function engineChoice(llm: boolean, env: NodeJS.ProcessEnv = process.env): EngineChoice {
  if (!llm) return { kind: 'offline', env: {}, model: null, endpoint: null };
  if (!env.MNEMO_LLM_URL) throw new Error('--llm needs MNEMO_LLM_URL (an OpenAI-compatible base URL, e.g. https://host/v1), and usually MNEMO_LLM_API_KEY and MNEMO_LLM_MODEL');
  const passed = Object.fromEntries(LLM_VARIABLES.filter((k) => env[k] !== undefined).map((k) => [k, env[k]!]));
  // Validated here as the service will read it, so a bad value fails before any data is loaded.
  const config = loadConfig(passed);
  if (!config.llm) throw new Error('--llm: MNEMO_LLM_URL did not configure an LLM');
  return { kind: 'llm', env: passed, model: config.llm.model, endpoint: new URL(config.llm.url).origin };
}
