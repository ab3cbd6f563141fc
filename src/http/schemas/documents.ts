import { z } from 'zod';
import { FiltersWireSchema } from '../../core/filters.js';
import { ContainerTag, ContainerTags, CustomId, DocumentStatusSchema, IsoDate, LooseBool, LooseInt, Metadata } from './common.js';

const TaskType = z.enum(['memory', 'superrag']);

const DocumentFields = {
  containerTag: ContainerTag.optional(),
  containerTags: ContainerTags.optional(),
  customId: CustomId.optional(),
  metadata: Metadata.optional(),
  taskType: TaskType.optional(),
  forgetAfter: IsoDate.nullable().optional(),
  entityContext: z.string().max(1500).optional(),
  filepath: z.string().max(1000).optional(),
  title: z.string().max(1000).optional(),
};

export const AddDocumentBody = z
  .looseObject({
    content: z.string().trim().min(1, 'content must not be empty').describe('Text, markdown, HTML, or a URL to fetch'),
    ...DocumentFields,
  })
  .describe('POST /v3/documents');

export const BatchItem = z.union([z.string().trim().min(1), AddDocumentBody]);

export const BatchBody = z.looseObject({
  documents: z.array(z.unknown()).min(1, 'documents must hold 1 to 600 items').max(600, 'documents must hold 1 to 600 items'),
  containerTag: ContainerTag.optional(),
  containerTags: ContainerTags.optional(),
  metadata: Metadata.optional(),
  taskType: TaskType.optional(),
  filepath: z.string().max(1000).optional(),
  entityContext: z.string().max(1500).optional(),
  content: z.null().optional(),
});

export const UpdateDocumentBody = z.looseObject({
  content: z.string().trim().min(1, 'content must not be empty').optional(),
  ...DocumentFields,
});

export const BulkDeleteBody = z
  .looseObject({
    ids: z.array(z.string().min(1).max(255)).min(1).max(100).optional(),
    containerTags: ContainerTags.min(1).optional().describe('Delete what these container tags hold: a document that also carries other tags only loses these; with ids, narrows customIds found under several tags'),
    filepath: z
      .string()
      .max(1000)
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .describe('Documents at this filepath: exact, or a prefix when it ends with "/"; alone, or narrowing containerTags'),
  })
  .refine((b) => b.ids !== undefined || b.containerTags !== undefined || b.filepath !== undefined, {
    message: "One of 'ids', 'containerTags' or 'filepath' must be provided (deleting everything takes an explicit criterion)",
  });

export const ListDocumentsBody = z.looseObject({
  containerTags: z.union([ContainerTags, ContainerTag.transform((t) => [t])]).optional(),
  containerTag: ContainerTag.optional(),
  operator: z
    .enum(['AND', 'OR', 'and', 'or'])
    .transform((o) => o.toUpperCase() as 'AND' | 'OR')
    .optional(),
  filters: FiltersWireSchema.optional(),
  filepath: z.string().max(1000).optional(),
  includeContent: LooseBool.optional(),
  limit: LooseInt(1, 1100).optional(),
  page: LooseInt(1, 1_000_000).optional(),
  sort: z.enum(['createdAt', 'updatedAt']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  status: z.union([DocumentStatusSchema, z.array(DocumentStatusSchema)]).optional(),
});

/** Query-string form of the list (GET /v3/documents): everything arrives as strings. */
export const ListDocumentsQuery = z.looseObject({
  containerTags: z.string().optional(),
  containerTag: ContainerTag.optional(),
  operator: z.enum(['AND', 'OR', 'and', 'or']).optional(),
  filters: z.string().optional(),
  filepath: z.string().max(1000).optional(),
  includeContent: z.enum(['true', 'false']).optional(),
  limit: z.string().optional(),
  page: z.string().optional(),
  sort: z.enum(['createdAt', 'updatedAt']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  status: z.string().optional(),
});

export const ProcessingQuery = z.looseObject({ containerTags: z.string().optional(), containerTag: z.string().optional() });

export const DocumentIdParam = z.string().min(1).max(255);

/** Query of GET/PATCH/DELETE /v3/documents/{id}: tags that narrow a customId held under several of them. */
export const DocumentLookupQuery = z.looseObject({
  containerTag: ContainerTag.optional(),
  containerTags: z.string().max(10_000).optional(),
});

export const AddResponse = z.strictObject({ id: z.string(), status: z.string() });

/** A multipart text field holding JSON (metadata, containerTags): parsed, then validated by `inner`. */
function jsonField<T extends z.ZodType>(inner: T, what: string) {
  return z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${what} must be a JSON string` });
        return z.NEVER;
      }
    })
    .pipe(inner);
}

/**
 * Text fields of POST /v3/documents/file (multipart/form-data, next to the `file` part), validated like the JSON
 * add: `metadata` is a JSON object string, `containerTags` a JSON array string or a single tag. `fileType` and
 * `useAdvancedProcessing` are accepted and ignored (the type is detected from the bytes); `mimeType` is a hint.
 */
export const UploadFileFields = z
  .looseObject({
    containerTag: ContainerTag.optional(),
    containerTags: z
      .string()
      .transform((s) => (s.trim().startsWith('[') ? s : JSON.stringify([s.trim()])))
      .pipe(jsonField(ContainerTags, 'containerTags'))
      .optional()
      .describe('Deprecated: a JSON array string of tags, or one tag'),
    metadata: jsonField(Metadata, 'metadata').optional().describe('A JSON object string: flat key/value metadata as in the JSON add'),
    customId: CustomId.optional(),
    title: z.string().max(1000).optional(),
    filepath: z.string().max(1000).optional(),
    entityContext: z.string().max(1500).optional(),
    taskType: TaskType.optional(),
    fileType: z.string().max(100).optional().describe('Accepted and ignored: the type is detected from the bytes'),
    mimeType: z.string().max(255).optional().describe('A hint, used only when the bytes and the file name say nothing'),
    useAdvancedProcessing: z.string().max(10).optional().describe('Accepted and ignored'),
  })
  .describe('POST /v3/documents/file (multipart/form-data text fields; the file itself is the "file" part)');
