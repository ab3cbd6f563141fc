import type Router from '@koa/router';
import type { AppState } from '../context.js';
import { z } from 'zod';
import { isAppError } from '../../core/errors.js';
import type { FileService } from '../../services/files.js';
import { MAX_FILE_TOKEN_LENGTH } from '../../services/file-links.js';
import { defineRoute, mount, ok } from '../route.js';
import { DocumentLookupQuery } from '../schemas/documents.js';
import { FileUrlResponse } from '../schemas/files.js';
import { lookupTags } from './documents.js';
import { DocumentIdParam } from '../schemas/documents.js';

export interface FileRouteDeps {
  files: FileService;
}

const FileToken = z.string().min(1).max(MAX_FILE_TOKEN_LENGTH);

/** GET /v3/documents/{id}/file-url (behind the API key): a signed link to the document's original file. */
export const FILE_ROUTES = {
  fileUrl: defineRoute({
    method: 'get',
    path: '/v3/documents/{id}/file-url',
    tag: 'documents',
    auth: 'key',
    params: { id: DocumentIdParam.describe('Document id or customId') },
    query: DocumentLookupQuery,
    summary: 'A short-lived signed link to the uploaded original (404 FILE_NOT_FOUND when the document has none)',
    responses: ok(FileUrlResponse),
  }),
  download: defineRoute({
    method: 'get',
    path: '/v3/files/{token}',
    tag: 'documents',
    auth: 'public',
    params: { token: FileToken.describe('Signed token from GET /v3/documents/{id}/file-url') },
    summary: 'The original file of a signed link, as an attachment (no API key; Range supported: 206/416; expired or altered links 403 FILE_LINK_INVALID)',
    responses: {
      200: { description: 'The file bytes, as an attachment', contentType: 'application/octet-stream' },
      206: { description: 'The requested byte range', contentType: 'application/octet-stream' },
      403: { description: 'FILE_LINK_INVALID: expired or altered link' },
      416: { description: 'RANGE_NOT_SATISFIABLE' },
    },
  }),
};

export function registerFileUrlRoute(router: Router<AppState>, { files }: FileRouteDeps): void {
  mount(router, FILE_ROUTES.fileUrl, async (ctx, input) => {
    const id = input.param('id');
    // Koa 3's ctx.origin is the Origin request header, not this server: build it from protocol and host.
    ctx.body = await files.fileUrl(ctx.state.actor, id, lookupTags(ctx.query), `${ctx.protocol}://${ctx.host}`);
  });
}

/**
 * GET /v3/files/{token} (no API key: the signed token is the credential). Streams the file as an attachment,
 * never rendered inline (nosniff, sandbox CSP), with single-range support for resumable downloads and media seeking.
 */
export function registerFileDownloadRoute(router: Router<AppState>, { files }: FileRouteDeps): void {
  mount(router, FILE_ROUTES.download, async (ctx, input) => {
    const token = input.param('token');
    try {
      const download = await files.download(token, ctx.get('range') || undefined);
      ctx.status = download.status;
      ctx.set(download.headers);
      ctx.body = download.body;
    } catch (err) {
      if (isAppError(err) && err.code === 'RANGE_NOT_SATISFIABLE') ctx.set('content-range', (err.details as { contentRange: string }).contentRange);
      throw err;
    }
  });
}
