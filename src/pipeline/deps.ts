import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import type { EmbedderHandle } from '../providers/embedder.js';
import type { ExtractionEngines } from '../providers/extraction-engines.js';
import type { Store } from '../storage/store.js';
import type { FactExtractor, RelationJudge } from '../memory/types.js';

/** The memory engine the memories step runs: an extractor, a relation judge, and (with an LLM) a relevance filter. */
export interface MemoryEngine {
  extractor: FactExtractor;
  judge: RelationJudge;
  /** Present when an LLM is configured: decides whether content is relevant to the organisation's filterPrompt. */
  filter?: (content: string, filterPrompt: string) => Promise<{ relevant: boolean; reason: string }>;
}

/** What pipeline steps (and the scheduled jobs) need; built once by the process root and shared by whichever runner drives them. */
export interface PipelineDeps {
  store: Store;
  embedder: EmbedderHandle;
  /** `extraction` absent: the default extraction limits (DEFAULT_EXTRACT_LIMITS). */
  config: Pick<Readonly<Config>, 'urlFetch' | 'embeddings' | 'keyExpiry' | 'notifications' | 'limits'> & Partial<Pick<Readonly<Config>, 'extraction'>>;
  logger: Logger;
  /** Absent: documents are indexed without memories. */
  memoryEngine?: MemoryEngine;
  /** OCR, transcription and ffmpeg for files; absent (or a null engine): those kinds fail with ENGINE_UNAVAILABLE. */
  extraction?: ExtractionEngines;
  /** Aborted when the process stops: the embed step ends between batches, leaving the document due for the next start. */
  signal?: AbortSignal;
}

/** Reports progress of long steps (the Temporal runner turns it into heartbeats). */
export type ProgressFn = (detail: Record<string, unknown>) => void;
