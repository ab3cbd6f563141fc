import { ProviderClient } from './provider-client.js';
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

/** Drive's message from an error answer ({error: {message}}). */
export const googleMessage = (body: unknown) => (body as { error?: { message?: string } } | null)?.error?.message;

/** Google's 403 rate limits (userRateLimitExceeded, rateLimitExceeded) are transient like 429; other 403s are not. */
export const googleRateLimit = (status: number, message: string) => (status === 403 && /rate ?limit/i.test(message) ? ('transient' as const) : null);

/** The Drive v3 REST API at GOOGLE_DRIVE_API_URL through the connectors' provider client. */
export class DriveApi {
  private readonly http: ProviderClient;

  constructor(baseUrl: string, token: string, ctx: ConnectorContext) {
    this.http = new ProviderClient({ provider: 'google-drive', baseUrl, token, messageOf: googleMessage, classify: googleRateLimit }, ctx);
  }

  json<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    return this.http.json<T>(method, route, body);
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
  download(id: string, maxBytes: number): Promise<Uint8Array> {
    return this.http.bytes('GET', `/files/${encodeURIComponent(id)}?alt=media&supportsAllDrives=true`, maxBytes, `file ${id}`);
  }

  /** A Google Docs/Sheets/Slides file exported to `mimeType` (Drive caps exports at 10 MB). */
  export(id: string, mimeType: string, maxBytes: number): Promise<Uint8Array> {
    return this.http.bytes('GET', `/files/${encodeURIComponent(id)}/export?mimeType=${encodeURIComponent(mimeType)}`, maxBytes, `file ${id}`);
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
    await this.http.request('POST', '/channels/stop', { id: channel.id, resourceId: channel.resourceId });
  }
}
