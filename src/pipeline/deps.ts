import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import type { EmbedderHandle } from '../providers/embedder.js';
import type { Store } from '../storage/store.js';

/** What pipeline steps (and the scheduled jobs) need; built once by the process root and shared by whichever runner drives them. */
export interface PipelineDeps {
  store: Store;
  embedder: EmbedderHandle;
  config: Pick<Readonly<Config>, 'urlFetch' | 'embeddings' | 'keyExpiry' | 'notifications'>;
  logger: Logger;
}

/** Reports progress of long steps (the Temporal runner turns it into heartbeats). */
export type ProgressFn = (detail: Record<string, unknown>) => void;
