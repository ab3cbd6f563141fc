import type {
  ChunksResponse,
  ConnectionView,
  DocumentDetail,
  DocumentListResponse,
  GraphResponse,
  KeyView,
  MemoryListResponse,
  ProcessingResponse,
  ProfileResponse,
  SearchResponse,
  Session,
  Settings,
  SyncRun,
  TagView,
} from './types';

/** An answer of the API that was not 2xx, with the wire error envelope {error, code, details?}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const qs = (params: Record<string, string | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
};

async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown; details?: unknown };
    return new ApiError(res.status, String(body.code ?? res.status), typeof body.error === 'string' ? body.error : text, body.details);
  } catch {
    return new ApiError(res.status, String(res.status), text || res.statusText);
  }
}

/**
 * The console's only way to Mnemo: the public HTTP API, as the official client calls it, with the key the person
 * signed in with (sent as a Bearer header; never in a URL or a cookie).
 */
export function createApi(key: string, base = '') {
  async function call<T>(method: Method, path: string, body?: unknown, accept = 'application/json'): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, accept, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      credentials: 'omit',
      cache: 'no-store',
    });
    if (!res.ok) throw await errorOf(res);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    session: () => call<Session>('GET', '/v3/session'),
    tags: () => call<TagView[]>('GET', '/v3/container-tags/list'),
    tag: (tag: string) => call<TagView>('GET', `/v3/container-tags/${encodeURIComponent(tag)}`),
    renameTag: (tag: string, name: string) => call<unknown>('PATCH', `/v3/container-tags/${encodeURIComponent(tag)}`, { name }),
    deleteTag: (tag: string) => call<{ deletedDocumentsCount: number; deletedMemoriesCount: number }>('DELETE', `/v3/container-tags/${encodeURIComponent(tag)}`),
    mergeTags: (containerTags: [string, string], targetContainerTag: string) => call<{ mergedCount: number }>('POST', '/v3/container-tags/merge', { containerTags, targetContainerTag }),

    listDocuments: (q: { containerTags?: string[]; status?: string[]; page: number; limit: number; sort?: string; order?: string }) => call<DocumentListResponse>('POST', '/v3/documents/list', q),
    processing: () => call<ProcessingResponse>('GET', '/v3/documents/processing'),
    document: (id: string) => call<DocumentDetail>('GET', `/v3/documents/${encodeURIComponent(id)}`),
    chunks: (id: string) => call<ChunksResponse>('GET', `/v3/documents/${encodeURIComponent(id)}/chunks`),
    /** PATCH with no change re-processes a failed document (the wire rule of POST/PATCH on a failed document). */
    retryDocument: (id: string) => call<{ id: string; status: string }>('PATCH', `/v3/documents/${encodeURIComponent(id)}`, {}),
    deleteDocument: (id: string) => call<void>('DELETE', `/v3/documents/${encodeURIComponent(id)}`, undefined, '*/*'),
    addDocument: (content: string, containerTag: string) => call<{ id: string; status: string }>('POST', '/v3/documents', { content, containerTag }),
    fileUrl: (id: string) => call<{ url: string }>('GET', `/v3/documents/${encodeURIComponent(id)}/file-url`),
    graph: (q: { containerTags?: string[]; page: number; limit: number }) => call<GraphResponse>('POST', '/v3/documents/documents', { ...q, sort: 'createdAt', order: 'desc' }),
    graphByIds: (ids: string[]) => call<GraphResponse>('POST', '/v3/documents/documents/by-ids', { ids }),

    /** Newest change first; `history` adds every version of each listed memory (costly: ask it for one row). */
    memories: (q: { containerTag?: string; page: number; limit: number; includeForgotten: boolean; history?: boolean }) =>
      call<MemoryListResponse>('POST', '/v4/memories/list', { ...q, history: q.history ?? false, sort: 'updatedAt', order: 'desc' }),
    writeMemory: (containerTag: string, content: string, isStatic: boolean) => call<unknown>('POST', '/v4/memories', { containerTag, memories: [{ content, isStatic }] }),
    updateMemory: (containerTag: string, id: string, newContent: string) => call<{ id: string; version: number }>('PATCH', '/v4/memories', { containerTag, id, newContent }),
    forgetMemory: (containerTag: string, id: string, reason?: string) => call<unknown>('DELETE', '/v4/memories', { containerTag, id, ...(reason ? { reason } : {}) }),

    search: (body: Record<string, unknown>) => call<SearchResponse>('POST', '/v4/search', body),
    profile: (containerTag: string) => call<ProfileResponse>('POST', '/v4/profile', { containerTag }),

    connections: () => call<ConnectionView[]>('POST', '/v3/connections/list', {}),
    connection: (id: string) => call<ConnectionView>('GET', `/v3/connections/${encodeURIComponent(id)}`),
    createConnection: (provider: string, body: Record<string, unknown>) => call<{ id: string; authLink: string | null; expiresIn: string | null }>('POST', `/v3/connections/${encodeURIComponent(provider)}`, body),
    syncRuns: (id: string) => call<SyncRun[]>('GET', `/v3/connections/${encodeURIComponent(id)}/sync-runs`),
    importConnection: (provider: string, containerTags: string[]) => call<string>('POST', `/v3/connections/${encodeURIComponent(provider)}/import`, { containerTags }, 'text/plain'),
    deleteConnection: (id: string, deleteDocuments: boolean) => call<unknown>('DELETE', `/v3/connections/${encodeURIComponent(id)}${qs({ deleteDocuments: String(deleteDocuments) })}`),

    keys: () => call<{ keys: KeyView[] }>('GET', '/v3/auth/keys'),
    createScopedKey: (body: { containerTag: string; name?: string; expiresInDays?: number }) => call<{ key: string; id: string; expiresAt: string | null }>('POST', '/v3/auth/scoped-key', body),
    toggleKey: (id: string) => call<{ enabled: boolean }>('PUT', `/v3/auth/keys/${encodeURIComponent(id)}/toggle`),
    revokeKey: (id: string) => call<{ success: boolean }>('DELETE', `/v3/auth/scoped-key/${encodeURIComponent(id)}`),

    settings: () => call<Settings>('GET', '/v3/settings'),
    updateSettings: (patch: Partial<Settings>) => call<unknown>('PATCH', '/v3/settings', patch),

    /** Multipart upload with progress (fetch reports none for request bodies). */
    upload(file: File, containerTag: string, onProgress: (fraction: number) => void): Promise<{ id: string; status: string }> {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${base}/v3/documents/file`);
        xhr.setRequestHeader('authorization', `Bearer ${key}`);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress(e.loaded / e.total);
        };
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) {
            onProgress(1);
            resolve(JSON.parse(xhr.responseText) as { id: string; status: string });
            return;
          }
          try {
            const body = JSON.parse(xhr.responseText) as { error?: string; code?: string; details?: unknown };
            reject(new ApiError(xhr.status, body.code ?? String(xhr.status), body.error ?? xhr.statusText, body.details));
          } catch {
            reject(new ApiError(xhr.status, String(xhr.status), xhr.statusText));
          }
        };
        xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'The upload could not reach the server'));
        const form = new FormData();
        form.append('file', file, file.name);
        form.append('containerTag', containerTag);
        xhr.send(form);
      });
    },
  };
}

export type Api = ReturnType<typeof createApi>;

export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
