import type { ActivityPolicies } from '../../workflows/shared.js';

const retry = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 5 };

/** Activity timeouts and retries by timeout class (see src/pipeline/step-plan.ts). */
export const DEFAULT_POLICIES: ActivityPolicies = {
  /**
   * Extraction: URL fetches (bounded by MNEMO_URL_FETCH_TIMEOUT_MS), OCR and transcription (bounded by
   * MNEMO_EXTRACT_TIMEOUT_MS, 30 min by default, so the activity's own limit fires first); progress heartbeats.
   */
  extraction: { startToCloseTimeout: '35m', heartbeatTimeout: '1m', retry: { ...retry, initialInterval: '2s' } },
  /** Chunking, indexing and status writes: quick, local. */
  fast: { startToCloseTimeout: '2m', heartbeatTimeout: '1m', retry },
  /** Embedding: long batches heartbeat; a dead worker is noticed within the heartbeat timeout. */
  model: { startToCloseTimeout: '30m', heartbeatTimeout: '1m', retry },
};
