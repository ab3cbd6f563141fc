import { z } from 'zod';
import { ContainerTag, LooseInt } from './common.js';

const Tags = z.array(ContainerTag).max(100);

/** Connection settings: flat scalars (startUrl, bucket, token...); secret ones are sealed by the service. */
const Settings = z
  .record(
    z
      .string()
      .min(1)
      .max(256)
      .refine((k) => !k.startsWith('$'), 'metadata keys cannot start with "$"'),
    z.union([z.string().max(10_000), z.number(), z.boolean()]),
  )
  .refine((m) => Object.keys(m).length <= 100, 'at most 100 metadata keys');

export const ConnectionIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a connection id');

export const CreateConnectionBody = z.object({
  containerTag: ContainerTag.optional(),
  containerTags: Tags.optional(),
  documentLimit: z.number().int().min(1).max(10_000).optional().describe('Most documents the connection may hold (default 10000)'),
  metadata: Settings.nullable().optional().describe('Provider settings, e.g. {startUrl} for web-crawler'),
  redirectUrl: z
    .url()
    .max(2048)
    .regex(/^https?:\/\//i, 'must be an http or https URL')
    .optional(),
});

export const ConnectionsQuery = z.object({ endUserId: ContainerTag.optional().describe('Only connections carrying this container tag') });

export const ConnectionTagsBody = z.object({ containerTags: Tags.optional() }).default({});

export const RequiredConnectionTagsBody = z.object({ containerTags: Tags.min(1) });

export const ConfigureConnectionBody = z.object({ resources: z.array(z.record(z.string(), z.unknown())).max(1000) });

export const ConnectionResourcesQuery = z.object({
  page: LooseInt(1, 100_000).optional(),
  per_page: LooseInt(1, 100).optional(),
  parent_id: z.string().max(1000).optional(),
});

export const DeleteConnectionQuery = z.object({
  deleteDocuments: z.enum(['true', 'false']).optional().describe('Delete the documents the connection synced (default true)'),
});
