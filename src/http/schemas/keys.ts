import { z } from 'zod';
import { ContainerTag } from './common.js';

export const ScopedKeyBody = z
  .looseObject({
    containerTag: ContainerTag,
    name: z.string().min(1).max(100).optional(),
    expiresInDays: z.number().int().min(1).max(365).optional(),
    rateLimitMax: z.number().int().min(1).max(10_000).optional().describe('Requests per window (default 500)'),
    rateLimitTimeWindow: z.number().int().min(1000).max(3_600_000).optional().describe('Window in ms (default 60000)'),
  })
  .describe('POST /v3/auth/scoped-key');

export const KeyIdParam = z.string().min(1).max(100);
