import { z } from 'zod';
import { Timestamp } from './responses-common.js';

const Liveness = { status: z.enum(['ok', 'degraded', 'error']), version: z.string(), uptimeSeconds: z.number() };

/** GET /health: liveness for anyone; with a root key, the store, runner, providers and warnings too. */
export const HealthResponse = z.union([
  z.strictObject({
    ...Liveness,
    store: z.strictObject({ kind: z.string(), ok: z.boolean(), error: z.string().optional(), vectorSearch: z.string(), keywordSearch: z.string(), fusion: z.string() }),
    runner: z.looseObject({ kind: z.string(), state: z.string() }).describe('The pipeline runner (fields per kind)'),
    providers: z.strictObject({
      embeddings: z.looseObject({ state: z.string() }).describe('The embedder: provider, model, dimensions'),
      extraction: z.looseObject({ supports: z.strictObject({ images: z.boolean(), scannedPdfs: z.boolean(), audio: z.boolean(), video: z.boolean() }) }).optional(),
    }),
    warnings: z.array(z.string()).describe('Every reason the service is not at full strength'),
  }),
  z.strictObject(Liveness),
]);

export const RootResponse = z.strictObject({ name: z.literal('mnemo'), version: z.string(), health: z.string(), openapi: z.string() });

export const OpenApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

export { Timestamp };
