import type Router from '@koa/router';
import type { AppState } from '../context.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createError } from '../../core/errors.js';
import type { DocumentInput, DocumentService } from '../../services/documents.js';
import { addUploadedFile, type UploadEngines } from '../../services/uploads.js';
import { defineRoute, mount, ok } from '../route.js';
import { receiveUpload } from '../multipart.js';
import { resolveTags } from '../schemas/common.js';
import { AddResponse, UploadFileFields } from '../schemas/documents.js';
import { parse } from '../validate.js';

export interface DocumentFileRouteDeps {
  documents: DocumentService;
  /** MNEMO_MAX_UPLOAD_BYTES. */
  maxUploadBytes: number;
  /** The extraction engines: a type whose engine is missing is refused at upload (absent: no check). */
  extraction?: UploadEngines;
}

/** The path of the upload route: the JSON body reader leaves its multipart body alone. */
export const UPLOAD_PATH = '/v3/documents/file';

type Fields = ReturnType<typeof UploadFileFields.parse>;

function toFields(b: Fields): Omit<DocumentInput, 'content' | 'file'> {
  const tags = resolveTags(b.containerTag, b.containerTags);
  return {
    ...(tags ? { containerTags: tags } : {}),
    ...(b.customId !== undefined ? { customId: b.customId } : {}),
    ...(b.metadata !== undefined ? { metadata: b.metadata } : {}),
    ...(b.taskType !== undefined ? { taskType: b.taskType } : {}),
    ...(b.entityContext !== undefined ? { entityContext: b.entityContext } : {}),
    ...(b.filepath !== undefined ? { filepath: b.filepath } : {}),
    ...(b.title !== undefined ? { title: b.title } : {}),
  };
}

/**
 * POST /v3/documents/file (what the client's documents.uploadFile sends): the multipart body is streamed into a
 * temporary directory (removed whatever happens), its fields validated like a JSON add, then the service detects
 * the type and adds the document. Answers {id, status} like POST /v3/documents.
 */
export const UPLOAD_ROUTE = defineRoute({
  method: 'post',
  path: UPLOAD_PATH,
  tag: 'documents',
  auth: 'key',
  summary: 'Upload a file (multipart/form-data; type detected from the bytes)',
  multipart: UploadFileFields,
  responses: {
    ...ok(AddResponse),
    413: { description: 'FILE_TOO_LARGE: over MNEMO_MAX_UPLOAD_BYTES' },
    415: { description: 'UNSUPPORTED_FILE_TYPE (or MULTIPART_REQUIRED), or no engine for the type on this server' },
  },
});

export function registerDocumentFileRoute(router: Router<AppState>, { documents, maxUploadBytes, extraction }: DocumentFileRouteDeps): void {
  mount(router, UPLOAD_ROUTE, async (ctx) => {
    const type = ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
    if (type !== 'multipart/form-data') throw createError('MULTIPART_REQUIRED', [type || 'no content type']);
    const dir = await mkdtemp(path.join(tmpdir(), 'mnemo-upload-'));
    try {
      const upload = await receiveUpload(ctx.req, { fileField: 'file', maxFileBytes: maxUploadBytes, dir });
      const fields = parse(UploadFileFields, upload.fields);
      if (!upload.file) {
        throw createError('VALIDATION_FAILED', ['body.file: a file part named "file" is required'], {
          details: [{ path: 'body.file', message: 'a file part named "file" is required' }],
        });
      }
      ctx.body = await addUploadedFile(
        documents,
        ctx.state.actor,
        {
          path: upload.file.path,
          filename: upload.file.filename,
          size: upload.file.size,
          sha256: upload.file.sha256,
          declaredTypes: [fields.mimeType, upload.file.contentType],
          fields: toFields(fields),
        },
        extraction,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
