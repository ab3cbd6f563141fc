import { z } from 'zod';
import { FiltersWireSchema } from '../../core/filters.js';
import { ContainerTag, ContainerTags, LooseBool, LooseInt } from './common.js';

const Score = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d*\.?\d+$/, 'must be a number')
      .transform(Number),
  ])
  .pipe(z.number().min(0).max(1));

const Query = z.string().trim().min(1, 'q must not be empty').max(10_000);

export const SearchV4Body = z.looseObject({
  q: Query,
  containerTag: ContainerTag.optional(),
  containerTags: ContainerTags.optional(),
  searchMode: z.enum(['hybrid', 'memories', 'documents']).default('hybrid'),
  limit: LooseInt(1, 100).default(10),
  threshold: Score.default(0.5),
  rerank: LooseBool.default(false),
  rewriteQuery: LooseBool.optional(),
  aggregate: LooseBool.optional(),
  filters: FiltersWireSchema.optional(),
  filepath: z.string().max(1000).optional(),
  docId: z.string().min(1).max(255).optional(),
  include: z
    .looseObject({
      documents: LooseBool.optional(),
      summaries: LooseBool.optional(),
      relatedMemories: LooseBool.optional(),
      forgottenMemories: LooseBool.optional(),
      chunks: LooseBool.optional(),
    })
    .optional(),
  // Legacy fields, accepted for older clients.
  documentThreshold: Score.optional(),
  chunkThreshold: Score.optional(),
  onlyMatchingChunks: LooseBool.optional(),
  endUserId: ContainerTag.optional(),
});

export const SearchV3Body = z.looseObject({
  q: Query,
  containerTag: ContainerTag.optional(),
  containerTags: ContainerTags.optional(),
  chunkThreshold: Score.default(0),
  documentThreshold: Score.optional(),
  docId: z.string().min(1).max(255).optional(),
  filepath: z.string().max(1000).optional(),
  filters: FiltersWireSchema.optional(),
  includeFullDocs: LooseBool.default(false),
  includeSummary: LooseBool.default(false),
  limit: LooseInt(1, 100).default(10),
  onlyMatchingChunks: LooseBool.default(true),
  rerank: LooseBool.default(false),
  rewriteQuery: LooseBool.optional(),
  categoriesFilter: z.unknown().optional(),
});

export const ProfileBody = z.looseObject({
  containerTag: ContainerTag,
  q: z.string().trim().min(1).max(10_000).optional(),
  threshold: Score.optional(),
  filters: FiltersWireSchema.optional(),
  include: z.array(z.enum(['static', 'dynamic', 'buckets'])).optional(),
  buckets: z.array(z.string()).optional(),
});
