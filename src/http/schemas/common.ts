import { z } from 'zod';
import { DOCUMENT_STATUSES } from '../../core/types.js';

export const TAG_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
export const DEFAULT_CONTAINER_TAG = 'sm_project_default';

export const ContainerTag = z.string().regex(TAG_PATTERN, 'must be 1-100 characters of letters, digits, "_", "-", ".", ":"').describe('Scope of the content: one user, team or project');

export const ContainerTags = z.array(ContainerTag).max(100).describe('Deprecated: use containerTag');

export const CustomId = z.string().regex(TAG_PATTERN, 'must be 1-100 characters of letters, digits, "_", "-", ".", ":"').describe('Your own identifier; re-sending it updates the same document');

const MetadataValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(1000)]);

export const Metadata = z
  .record(
    z
      .string()
      .min(1)
      .max(256)
      .refine((k) => !k.startsWith('$'), 'metadata keys cannot start with "$"'),
    MetadataValue,
  )
  .refine((m) => Object.keys(m).length <= 100, 'at most 100 metadata keys')
  .describe('Flat key/value metadata: string, number, boolean or string[] values');

/** Integers that clients may send as numeric strings. */
export const LooseInt = (min: number, max: number) => z.union([z.number(), z.string().regex(/^\d+$/, 'must be an integer').transform(Number)]).pipe(z.number().int().min(min).max(max));

export const LooseBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES);

export const IsoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO-8601 date')
  .transform((s) => new Date(s).toISOString());

/** Resolves the tag list of a request from containerTag (preferred) and the deprecated containerTags. */
export function resolveTags(containerTag?: string, containerTags?: readonly string[]): string[] | undefined {
  if (containerTag) return [containerTag, ...(containerTags ?? []).filter((t) => t !== containerTag)];
  if (containerTags && containerTags.length > 0) return [...new Set(containerTags)];
  return undefined;
}

export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
