import type { DocumentPatch } from '../storage/documents.js';

const PATCH = Symbol('failurePatch');

/**
 * Attaches what a step learned before it failed (a fetched URL's detected type and final address) to the error, for
 * executeStep to record with the failure: a step's outcome patch is only applied when it succeeds.
 */
export function withFailurePatch<E extends Error>(err: E, patch: DocumentPatch): E {
  Object.defineProperty(err, PATCH, { value: patch, enumerable: false, configurable: true });
  return err;
}

/** The patch attached with withFailurePatch, or an empty one. */
export function failurePatch(err: unknown): DocumentPatch {
  const patch = err instanceof Error ? (err as Error & { [PATCH]?: DocumentPatch })[PATCH] : undefined;
  return patch ?? {};
}
