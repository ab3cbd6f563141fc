import { z } from 'zod';
import { ContainerTag, ContainerTags, IsoDate, LooseBool, LooseInt, Metadata } from './common.js';

const MemoryText = z.string().trim().min(1, 'must not be empty').max(10_000);

export const WriteMemoriesBody = z
  .looseObject({
    containerTag: ContainerTag,
    memories: z
      .array(z.looseObject({ content: MemoryText, isStatic: LooseBool.optional(), metadata: Metadata.optional() }))
      .min(1, 'memories must hold 1 to 100 items')
      .max(100, 'memories must hold 1 to 100 items'),
  })
  .describe('POST /v4/memories');

export const ListMemoriesBody = z.looseObject({
  containerTags: z.union([ContainerTags, ContainerTag.transform((t) => [t])]).optional(),
  containerTag: ContainerTag.optional(),
  page: LooseInt(1, 1_000_000).optional(),
  limit: LooseInt(1, 1100).optional(),
  sort: z.enum(['createdAt', 'updatedAt']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  history: LooseBool.optional().describe('Include every version of each memory'),
  includeForgotten: LooseBool.optional(),
});

const ByIdOrContent = {
  containerTag: ContainerTag,
  id: z.string().min(1).max(255).optional(),
  content: z.string().min(1).max(10_000).optional(),
};

export const UpdateMemoryBody = z
  .looseObject({
    ...ByIdOrContent,
    newContent: MemoryText,
    forgetAfter: IsoDate.nullable().optional(),
    forgetReason: z.string().max(1000).nullable().optional(),
    metadata: Metadata.optional(),
    temporalContext: z.looseObject({ documentDate: IsoDate.nullable().optional(), eventDate: z.array(IsoDate).max(20).nullable().optional() }).optional(),
    reason: z.string().max(1000).optional(),
  })
  .refine((b) => b.id !== undefined || b.content !== undefined, { message: 'either id or content is required', path: ['id'] });

export const ForgetMemoryBody = z
  .looseObject({ ...ByIdOrContent, reason: z.string().max(1000).optional() })
  .refine((b) => b.id !== undefined || b.content !== undefined, { message: 'either id or content is required', path: ['id'] });

export const ForgetMatchingBody = z
  .looseObject({
    containerTag: ContainerTag,
    query: z.string().trim().min(1).max(2000).optional(),
    ids: z.array(z.string().min(1).max(255)).min(1).max(500).optional(),
    dryRun: LooseBool.default(false),
    threshold: z.number().min(0).max(1).default(0.5),
    maxForget: z.number().int().min(1).max(500).default(100),
    reason: z.string().max(1000).optional(),
  })
  .refine((b) => b.query !== undefined || b.ids !== undefined, { message: 'either query or ids is required', path: ['query'] });
