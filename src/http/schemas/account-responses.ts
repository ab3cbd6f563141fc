import { z } from 'zod';
import { SETTINGS_FIELDS } from './settings.js';
import { MetadataOut, Timestamp } from './responses-common.js';

const RateLimit = z.strictObject({ max: z.number().int(), windowMs: z.number().int() });
const Permission = z.enum(['read', 'write']);

export const ScopedKeyResponse = z.strictObject({
  key: z.string().describe('The key itself: shown once'),
  id: z.string(),
  name: z.string(),
  containerTag: z.string(),
  expiresAt: Timestamp.nullable(),
  allowedEndpoints: z.array(z.string()),
});

const KeyView = z.strictObject({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key (never the key)'),
  type: z.enum(['root', 'scoped']),
  permission: Permission,
  containerTag: z.string().optional(),
  containerTags: z.array(z.string()).nullable(),
  createdAt: Timestamp,
  expiresAt: Timestamp.nullable(),
  enabled: z.boolean(),
  revokedAt: Timestamp.nullable(),
  rateLimit: RateLimit.nullable(),
  expiresSoon: z.boolean().describe('Expires within the first expiry-notice lead time (default 7 days)'),
  expiryNotices: z.array(z.string()).describe('Expiry notices already sent'),
  oauthClient: z.strictObject({ id: z.string(), name: z.string() }).optional().describe('For the OAuth grant of an MCP client'),
});

export const KeyListResponse = z.strictObject({ keys: z.array(KeyView) });
export const ToggleKeyResponse = z.strictObject({ enabled: z.boolean() });

export const SessionResponse = z.strictObject({
  user: z.strictObject({ id: z.string() }),
  org: z.strictObject({ id: z.string(), name: z.string().nullable(), slug: z.string().nullable() }),
  role: z.enum(['owner', 'member']),
  accessType: z.enum(['full', 'restricted']),
  keyType: z.string(),
  containerTags: z.array(z.strictObject({ containerTag: z.string(), permission: Permission })).nullable(),
  scope: z.strictObject({
    type: z.enum(['full', 'scoped']),
    permission: Permission,
    tag: z.string().optional(),
    tags: z.array(z.string()).optional(),
    rateLimit: RateLimit.optional(),
    expires: Timestamp.nullable(),
  }),
  allowedEndpoints: z.array(z.string()).optional(),
});

/** Every settings field, null when unset; secrets as "********". */
export const SettingsResponse = z.strictObject(Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, z.unknown()])));

export const SettingsUpdateResponse = z.strictObject({
  orgId: z.string(),
  orgSlug: z.string().nullable(),
  updated: z.record(z.string(), z.unknown()).describe('The fields changed, as GET shows them'),
});

export const ContainerTagListItem = z.strictObject({
  id: z.string().describe('The tag itself'),
  name: z.string(),
  containerTag: z.string(),
  description: z.null(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  isExperimental: z.boolean(),
  isNova: z.boolean(),
  documentCount: z.number().int(),
  memoryCount: z.number().int(),
  lastActivityAt: Timestamp.nullable(),
});

export const ContainerTagResponse = z.strictObject({
  containerTag: z.string(),
  name: z.string(),
  entityContext: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  documentCount: z.number().int(),
  memoryCount: z.number().int(),
  lastActivityAt: Timestamp.nullable(),
});

export const ContainerTagUpdateResponse = z.strictObject({
  containerTag: z.string(),
  name: z.string(),
  entityContext: z.string().nullable(),
  updatedAt: Timestamp,
  memoryFilesystemPaths: z.null(),
});

export const ContainerTagDeleteResponse = z.strictObject({
  success: z.literal(true),
  containerTag: z.string(),
  deletedDocumentsCount: z.number().int(),
  untaggedDocumentsCount: z.number().int(),
  deletedMemoriesCount: z.number().int(),
});

export const ContainerTagMergeResponse = z.strictObject({
  success: z.literal(true),
  mergedCount: z.number().int(),
  targetTag: z.string(),
  deletedTags: z.array(z.string()),
});

/** GET /v3/session and friends use these; exported for the metadata-typed fields elsewhere. */
export { MetadataOut };
