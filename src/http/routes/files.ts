import type Router from '@koa/router';
import { z } from 'zod';
import { isAppError } from '../../core/errors.js';
import type { FileService } from '../../services/files.js';
import { MAX_FILE_TOKEN_LENGTH } from '../../services/file-links.js';
import type { AppState } from '../context.js';
import { lookupTags } from './documents.js';
import { DocumentIdParam } from '../schemas/documents.js';
import { parse } from '../validate.js';

export interface FileRouteDeps {
  files: FileService;
}

const FileToken = z.string().min(1).max(MAX_FILE_TOKEN_LENGTH);

/** GET /v3/documents/{id}/file-url (behind the API key): a signed link to the document's original file. */
export function registerFileUrlRoute(router: Router<AppState>, { files }: FileRouteDeps): void {
  router.get('/v3/documents/:id/file-url', async (ctx) => {
    const id = parse(DocumentIdParam, ctx.params.id, 'path.id');
    // Koa 3's ctx.origin is the Origin request header, not this server: build it from protocol and host.
    ctx.body = await files.fileUrl(ctx.state.actor, id, lookupTags(ctx.query), `${ctx.protocol}://${ctx.host}`);
  });
}

/**
 * GET /v3/files/{token} (no API key: the signed token is the credential). Streams the file as an attachment,
 * never rendered inline (nosniff, sandbox CSP), with single-range support for resumable downloads and media seeking.
 */
export function registerFileDownloadRoute(router: Router<AppState>, { files }: FileRouteDeps): void {
  router.get('/v3/files/:token', async (ctx) => {
    const token = parse(FileToken, ctx.params.token, 'path.token');
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
