import type { ProcessingMetadata } from '../core/types.js';

/** The processing metadata of a run that has just started (no step recorded yet). */
export function newProcessingMetadata(): ProcessingMetadata {
  return { startTime: new Date().toISOString(), steps: [] };
}
