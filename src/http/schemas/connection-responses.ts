import { z } from 'zod';
import { DocumentStatusOut, DocumentTypeOut, Timestamp } from './responses-common.js';

export const ConnectionOut = z.strictObject({
  id: z.string(),
  createdAt: Timestamp,
  provider: z.string(),
  containerTags: z.array(z.string()),
  documentLimit: z.number().int(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).describe('Non-secret settings (startUrl, bucket...)'),
  status: z.string().describe('active, needs_setup, needs_reauth, paused...'),
  lastSyncAt: Timestamp.nullable(),
  nextSyncAt: Timestamp.nullable(),
  error: z.string().nullable().describe("The last sync's error"),
});

export const ConnectionDetail = ConnectionOut.extend({ setupUrl: z.string().optional().describe('While needs_setup: a fresh link to the picker') });

export const CreateConnectionResponse = z.strictObject({
  id: z.string(),
  authLink: z.string().nullable().describe("OAuth providers: open it for the provider's consent"),
  expiresIn: z.string().nullable(),
  redirectsTo: z.string().optional(),
});

export const SyncRunOut = z.strictObject({
  id: z.string(),
  connectionId: z.string(),
  status: z.string(),
  triggerType: z.string(),
  startedAt: Timestamp,
  completedAt: Timestamp.nullable(),
  itemsProcessed: z.number().int(),
  itemsFailed: z.number().int(),
  error: z.string().nullable(),
});

export const ConnectionDocumentOut = z.strictObject({
  id: z.string(),
  createdAt: Timestamp,
  status: DocumentStatusOut,
  summary: z.string().nullable(),
  title: z.string().nullable(),
  type: DocumentTypeOut,
  updatedAt: Timestamp,
  url: z.string().nullable(),
  customId: z.string().nullable(),
});

/** The connector's resources (`id`, `name`, `kind` folder|file, `mimeType`...): open, each connector has its own. */
export const ResourcePageOut = z.strictObject({ resources: z.array(z.record(z.string(), z.unknown())), total_count: z.number().int().optional() });

export const ConfigureResponse = z.strictObject({ message: z.string(), success: z.boolean(), resources: z.array(z.record(z.string(), z.unknown())) });
export const SetupSaveResponse = ConfigureResponse.extend({ redirectTo: z.string().nullable() });

export const DeleteConnectionResponse = z.strictObject({ id: z.string(), provider: z.string() });
