import { createError, errorMessage } from '../core/errors.js';
import type { ConnectorContext } from './types.js';

/** File fields every listing asks for. */
export const FILE_FIELDS = 'id,name,mimeType,parents,size,modifiedTime,version,md5Checksum,trashed,webViewLink';

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents?: string[];
  size?: string;
  modifiedTime?: string;
  version?: string;
  md5Checksum?: string;
  trashed?: boolean;
  webViewLink?: string;
}

export interface DriveChange {
  fileId: string;
  removed?: boolean;
  file?: DriveFile;
}

export interface DriveChannel {
  id: string;
  resourceId: string;
  /** Epoch ms. */
  expiration: number;
}

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

/** The Drive v3 REST API at GOOGLE_DRIVE_API_URL with a bearer token: 401 → auth failure, 429/5xx → transient. */
export class DriveApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly ctx: ConnectorContext,
  ) {}

  private async request(method: 'GET' | 'POST', route: string, body?: unknown): Promise<Response> {
    const timeout = AbortSignal.timeout(this.ctx.urlFetch.timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${route}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, accept: 'application/json', 'user-agent': 'mnemo-connector', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: this.ctx.signal ? AbortSignal.any([this.ctx.signal, timeout]) : timeout,
      });
    } catch (err) {
      throw createError('CONNECTOR_FAILED', ['google-drive', `${method} ${route.split('?')[0]}: ${errorMessage(err)}`], { permanent: false });
    }
    if (res.ok) return res;
    const text = await res.text().catch(() => '');
    let message = `HTTP ${res.status}`;
    try {
      message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
    } catch {
      // not JSON
    }
    if (res.status === 401) throw createError('CONNECTOR_AUTH_FAILED', ['google-drive', message]);
    // 403 rate limits (userRateLimitExceeded) are transient like 429; other 403s and 404s are not.
    const transient = res.status === 429 || res.status >= 500 || (res.status === 403 && /rate limit/i.test(message));
    throw createError('CONNECTOR_FAILED', ['google-drive', `${method} ${route.split('?')[0]}: ${message}`], { permanent: !transient, details: { status: res.status } });
  }

  async json<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    const res = await this.request(method, route, body);
    return (await res.json()) as T;
  }

  /** One page of files matching a Drive query. */
  list(q: string, pageSize: number, pageToken?: string | null): Promise<{ files: DriveFile[]; nextPageToken?: string }> {
    const params = new URLSearchParams({ q, pageSize: String(pageSize), fields: `nextPageToken,files(${FILE_FIELDS})`, orderBy: 'folder,name', supportsAllDrives: 'true', includeItemsFromAllDrives: 'true' });
    if (pageToken) params.set('pageToken', pageToken);
    return this.json('GET', `/files?${params}`);
  }

  file(id: string): Promise<DriveFile> {
    return this.json('GET', `/files/${encodeURIComponent(id)}?fields=${encodeURIComponent(FILE_FIELDS)}&supportsAllDrives=true`);
  }

  /** A file's bytes, refused above `maxBytes` while reading. */
  async download(id: string, maxBytes: number): Promise<Uint8Array> {
    return readCapped(await this.request('GET', `/files/${encodeURIComponent(id)}?alt=media&supportsAllDrives=true`), maxBytes, id);
  }

  /** A Google Docs/Sheets/Slides file exported to `mimeType` (Drive caps exports at 10 MB). */
  async export(id: string, mimeType: string, maxBytes: number): Promise<Uint8Array> {
    return readCapped(await this.request('GET', `/files/${encodeURIComponent(id)}/export?mimeType=${encodeURIComponent(mimeType)}`), maxBytes, id);
  }

  async startPageToken(): Promise<string> {
    return (await this.json<{ startPageToken: string }>('GET', '/changes/startPageToken?supportsAllDrives=true')).startPageToken;
  }

  changes(pageToken: string): Promise<{ changes: DriveChange[]; nextPageToken?: string; newStartPageToken?: string }> {
    const params = new URLSearchParams({
      pageToken,
      pageSize: '100',
      includeRemoved: 'true',
      supportsAllDrives: 'true',
      includeItemsFromAllDrives: 'true',
      fields: `nextPageToken,newStartPageToken,changes(fileId,removed,file(${FILE_FIELDS}))`,
    });
    return this.json('GET', `/changes?${params}`);
  }

  /** Opens a push channel on the changes feed (notifications go to `address`, carrying `token`). */
  async watch(pageToken: string, channel: { id: string; address: string; token: string; expiration: number }): Promise<DriveChannel> {
    const res = await this.json<{ id: string; resourceId: string; expiration?: string | number }>('POST', `/changes/watch?pageToken=${encodeURIComponent(pageToken)}&supportsAllDrives=true`, {
      id: channel.id,
      type: 'web_hook',
      address: channel.address,
      token: channel.token,
      expiration: String(channel.expiration),
    });
    return { id: res.id, resourceId: res.resourceId, expiration: Number(res.expiration ?? channel.expiration) };
  }

  async stop(channel: { id: string; resourceId: string }): Promise<void> {
    await this.request('POST', '/channels/stop', { id: channel.id, resourceId: channel.resourceId });
  }
}

async function readCapped(res: Response, maxBytes: number, id: string): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw createError('CONNECTOR_FAILED', ['google-drive', `file ${id} is over ${maxBytes} bytes`], { permanent: true });
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw createError('CONNECTOR_FAILED', ['google-drive', `file ${id} is over ${maxBytes} bytes`], { permanent: true });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
