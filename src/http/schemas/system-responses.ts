import { z } from 'zod';
import { Timestamp } from './responses-common.js';

const Liveness = { status: z.enum(['ok', 'degraded', 'error']), version: z.string(), uptimeSeconds: z.number() };

/** GET /health: liveness for anyone; with a root key, the store, runner, providers and warnings too. */
export const HealthResponse = z.union([
  z.strictObject({
    ...Liveness,
    store: z.strictObject({ kind: z.string(), ok: z.boolean(), error: z.string().optional(), vectorSearch: z.string(), keywordSearch: z.string(), fusion: z.string() }),
    runner: z
      .strictObject({
        kind: z.enum(['embedded', 'temporal']),
        state: z.enum(['starting', 'running', 'stopped', 'degraded']),
        inFlight: z.number().int(),
        concurrency: z.number().int(),
        detail: z.string().optional().describe('Where it runs (Temporal address, namespace, task queue)'),
        warnings: z.array(z.string()).optional(),
      })
      .describe('The pipeline runner'),
    providers: z.strictObject({
      embeddings: z.strictObject({
        state: z.enum(['loading', 'ready', 'failed']),
        provider: z.enum(['local', 'openai', 'hash']).nullable(),
        model: z.string().nullable(),
        dimensions: z.number().int().nullable(),
        warning: z.string().optional(),
        error: z.string().optional(),
      }),
      extraction: z
        .strictObject({
          supports: z.strictObject({ images: z.boolean(), scannedPdfs: z.boolean(), audio: z.boolean(), video: z.boolean() }).describe('What uploads of each kind get on this server now'),
          ocr: z.strictObject({ engine: z.string(), languages: z.array(z.string()), available: z.array(z.string()) }).nullable(),
          transcription: z.strictObject({ engine: z.string(), model: z.string().nullable() }).nullable(),
          ffmpeg: z.strictObject({ path: z.string(), version: z.string(), ffprobe: z.string() }).nullable(),
          unavailable: z.strictObject({ ocr: z.string().optional(), transcriber: z.string().optional(), ffmpeg: z.string().optional() }).describe('Why an engine is missing'),
        })
        .optional()
        .describe('The file-extraction engines (null when missing)'),
    }),
    warnings: z.array(z.string()).describe('Every reason the service is not at full strength'),
  }),
  z.strictObject(Liveness),
]);

export const RootResponse = z.strictObject({ name: z.literal('mnemo'), version: z.string(), health: z.string(), openapi: z.string() });

export const OpenApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

export { Timestamp };
