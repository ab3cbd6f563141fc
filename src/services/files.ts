import type { Readable } from 'node:stream';
import type { Actor } from '../core/actor.js';
import { createError } from '../core/errors.js';
import type { Store } from '../storage/store.js';
import type { DocumentService } from './documents.js';
import { contentDisposition, fileLinkKey, parseRange, signFileLink, verifyFileLink } from './file-links.js';
import { masterSecret } from './master-secret.js';

export interface FileServiceOptions {
  /** MNEMO_SECRET_KEY; undefined = a secret generated once and kept by the store. */
  secretKey: string | undefined;
  /** Base URL of the links (MNEMO_PUBLIC_URL); null = the caller passes the request's origin. */
  publicUrl: string | null;
  ttlSeconds: number;
  /** Clock (epoch ms), injectable for tests. */
  now?: () => number;
}

/** What GET /v3/files/{token} sends: status, headers and the bytes. */
export interface FileDownload {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable;
}

/** Hands out short-lived signed links to documents' original files and serves them. */
export class FileService {
  private signingKey: Promise<Buffer> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly store: Store,
    private readonly documents: DocumentService,
    private readonly opts: FileServiceOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** A link to the original file of a document the actor can read; FILE_NOT_FOUND when it has none. */
  async fileUrl(actor: Actor, idOrCustomId: string, narrowTags: readonly string[] | undefined, requestOrigin: string): Promise<{ url: string; expiresAt: string }> {
    const doc = await this.documents.get(actor, idOrCustomId, narrowTags);
    if (!doc.file || !(await this.store.blobs.stat(doc.file.key))) throw createError('FILE_NOT_FOUND', [doc.id]);
    const expiresAt = Math.floor(this.now() / 1000) + this.opts.ttlSeconds;
    const token = signFileLink(await this.key(), { key: doc.file.key, expiresAt });
    const base = (this.opts.publicUrl ?? requestOrigin).replace(/\/+$/, '');
    return { url: `${base}/v3/files/${token}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  /** The file a valid, unexpired link names (whole or one byte range); FILE_LINK_INVALID otherwise. */
  async download(token: string, range: string | undefined): Promise<FileDownload> {
    const claims = verifyFileLink(await this.key(), token, this.now() / 1000);
    if (!claims) throw createError('FILE_LINK_INVALID');
    const info = await this.store.blobs.stat(claims.key);
    // Keys are <orgId>/<documentId>/<generation> (documentFileKey): the document's file was deleted or replaced.
    const gone = () => createError('FILE_NOT_FOUND', [claims.key.split('/')[1] ?? '']);
    if (!info) throw gone();
    const headers: Record<string, string> = {
      'content-type': /^[\w.+-]+\/[\w.+-]+$/.test(info.contentType) ? info.contentType : 'application/octet-stream',
      'content-disposition': contentDisposition(info.filename ?? 'file'),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'accept-ranges': 'bytes',
      etag: `"${info.sha256}"`,
    };
    const wanted = parseRange(range, info.size);
    if (wanted === 'unsatisfiable') {
      throw createError('RANGE_NOT_SATISFIABLE', [String(info.size)], { details: { size: info.size, contentRange: `bytes */${info.size}` } });
    }
    const body = await this.store.blobs.openRead(claims.key, wanted ?? undefined);
    if (!body) throw gone();
    if (!wanted) return { status: 200, headers: { ...headers, 'content-length': String(info.size) }, body };
    return {
      status: 206,
      headers: { ...headers, 'content-length': String(wanted.end - wanted.start + 1), 'content-range': `bytes ${wanted.start}-${wanted.end}/${info.size}` },
      body,
    };
  }

  private key(): Promise<Buffer> {
    this.signingKey ??= (async () => {
      return fileLinkKey(await masterSecret(this.opts.secretKey, this.store.secrets));
    })();
    this.signingKey.catch(() => (this.signingKey = null));
    return this.signingKey;
  }
}
