import { z } from 'zod';
import { ContainerTag } from './common.js';

/** `?containerTags=a,b` (or the parameter repeated): the tags to list; empty = every tag. */
export const ListContainerTagsQuery = z.looseObject({
  containerTags: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => [
      ...new Set(
        (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(ContainerTag).max(100))
    .optional()
    .describe('Comma-separated container tags; omitted = every tag of the organisation'),
});

/** PATCH /v3/container-tags/{tag}: memoryFilesystemPaths and profileBuckets are accepted and not stored yet. */
export const UpdateContainerTagBody = z
  .looseObject({
    name: z.string().min(1).max(100).optional().describe('Display name of the space'),
    entityContext: z.string().max(1500).nullable().optional().describe('What this space is about, for extraction'),
    memoryFilesystemPaths: z.array(z.string()).nullable().optional(),
  })
  .describe('PATCH /v3/container-tags/{tag}');

export const MergeContainerTagsBody = z
  .looseObject({
    containerTags: z
      .array(ContainerTag)
      .length(2, 'containerTags must hold exactly 2 tags')
      .refine((t) => t[0] !== t[1], 'containerTags must be 2 different tags'),
    targetContainerTag: ContainerTag.describe('One of the two tags, or a new tag; the other tags are merged into it and deleted'),
  })
  .describe('POST /v3/container-tags/merge');
