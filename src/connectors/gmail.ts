import type { ProviderEndpoints } from '../core/config.js';
import { createError, isAppError } from '../core/errors.js';
import type { HtmlExtraction } from '../extract/html-to-markdown.js';
import { runInSandbox } from '../extract/sandbox/isolated.js';
import type { ExtractLimits } from '../extract/types.js';
import { googleMessage, googleRateLimit } from './google-drive-api.js';
import { ProviderClient, statusOf } from './provider-client.js';
import { attachmentsOf, threadMarkdown, threadSubject, UnreadableMessage, type GmailAttachment, type GmailMessage, type GmailThread, type HtmlToMarkdown } from './gmail-message.js';
import type { ChangeItem, ChangeList, Connector, ConnectorConnection, ConnectorContext, ItemContent, OAuthApp } from './types.js';

/** Attachments above this are listed as failed items rather than read. */
const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const LABEL = /^[A-Za-z0-9_-]{1,100}$/;

/** What a gmail connection keeps between syncs. */
interface GmailState {
  /** The mailbox's history position the next incremental sync starts from. */
  historyId?: string;
  /** A full listing under way: the history id taken before it and the next page. */
  listing?: { historyId: string; pageToken: string | null };
}

interface Filters {
  labels: string[];
  query: string | null;
}

function filtersOf(conn: ConnectorConnection): Filters {
  const labels =
    typeof conn.metadata.labels === 'string'
      ? conn.metadata.labels
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean)
      : [];
  const query = typeof conn.metadata.query === 'string' && conn.metadata.query.trim() !== '' ? conn.metadata.query.trim() : null;
  return { labels, query };
}

const threadKey = (id: string) => `thread:${id}`;
const attachmentKey = (threadId: string, a: Pick<GmailAttachment, 'messageId' | 'partId'>) => `attachment:${threadId}:${a.messageId}:${a.partId}`;

/** The Gmail REST API at GMAIL_API_URL (the signed-in mailbox) through the connectors' provider client. */
class GmailApi {
  private readonly http: ProviderClient;

  constructor(baseUrl: string, token: string, ctx: ConnectorContext) {
    this.http = new ProviderClient({ provider: 'gmail', baseUrl: `${baseUrl}/users/me`, token, messageOf: googleMessage, classify: googleRateLimit }, ctx);
  }

  get<T>(route: string): Promise<T> {
    return this.http.json<T>('GET', route);
  }

  thread(id: string): Promise<GmailThread> {
    return this.get(`/threads/${encodeURIComponent(id)}?format=full`);
  }
}

/** The extraction limits an HTML body is parsed under (MNEMO_EXTRACT_PARSE_TIMEOUT_MS, MNEMO_EXTRACT_WORKER_HEAP_MB). */
export type HtmlBodyLimits = Pick<ExtractLimits, 'workerHeapMb' | 'parseTimeoutMs' | 'timeoutMs'>;

/**
 * An HTML body → markdown in the extraction sandbox (a worker thread, under the parse time and heap limits): a
 * hostile e-mail (thousands of nested elements) fails there with EXTRACTION_LIMIT and never blocks the event loop.
 */
function sandboxedHtml(limits: HtmlBodyLimits, signal: AbortSignal | undefined): HtmlToMarkdown {
  return async (html) => (await runInSandbox<HtmlExtraction>('html-page', { html }, limits, { what: 'the HTML body of the message', ...(signal ? { signal } : {}) })).markdown;
}

/**
 * gmail: a mailbox through OAuth (GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET, read-only scope, PKCE, offline access).
 * Each thread is a document (subject, then every message with its participants, date and body as text; HTML-only
 * messages as markdown); each attachment is a document of its own, read by the content extractors (up to 20 MB).
 * `metadata.labels` (comma-separated label ids, all required) and `metadata.query` (Gmail search syntax) narrow
 * what syncs; by default all mail but spam and trash. The first sync lists the threads; later ones read the
 * mailbox history since the last one (new messages, deletions, label changes) and re-read only the threads it
 * names, falling back to a full listing when the history is too old. With a `query`, every sync lists again
 * (Gmail cannot tell whether a changed thread still matches a search without running it): unchanged threads are
 * not re-read, their history id being the version. HTML bodies are parsed in the extraction sandbox under `limits`;
 * a thread with a body over them is a failed item of its own (named by its message), the rest of the sync goes on.
 */
export function createGmailConnector(endpoints: ProviderEndpoints['google'], limits: HtmlBodyLimits): Connector {
  const oauth: OAuthApp | undefined =
    endpoints.clientId && endpoints.clientSecret
      ? {
          provider: 'gmail',
          authorizeUrl: endpoints.authorizeUrl,
          tokenUrl: endpoints.tokenUrl,
          clientId: endpoints.clientId,
          clientSecret: endpoints.clientSecret,
          scopes: ['https://www.googleapis.com/auth/gmail.readonly'],
          authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
          pkce: true,
          revokeUrl: endpoints.revokeUrl,
        }
      : undefined;
  const api = (conn: ConnectorConnection, ctx: ConnectorContext) => {
    const token = conn.credentials?.accessToken;
    if (!token) throw createError('CONNECTOR_AUTH_FAILED', ['gmail', 'the connection has no access token: authorise it again']);
    return new GmailApi(endpoints.gmailApiUrl, token, ctx);
  };

  /**
   * The thread's document and its attachments' items; known attachments no longer there are deleted. A message body
   * the sandbox refuses (EXTRACTION_LIMIT, a parser crash) makes the thread's item a failed one; its attachments
   * are still listed.
   */
  const threadItems = async (thread: GmailThread, known: ReadonlyMap<string, string | null>, ctx: ConnectorContext): Promise<ChangeItem[]> => {
    const externalId = threadKey(thread.id);
    const version = thread.historyId ?? null;
    let item: ChangeItem;
    try {
      const text = await threadMarkdown(thread, sandboxedHtml(limits, ctx.signal));
      item = { externalId, version, content: { text, mimeType: 'text/markdown', title: threadSubject(thread), url: `https://mail.google.com/mail/u/0/#all/${thread.id}`, filepath: null } };
    } catch (err) {
      if (!(err instanceof UnreadableMessage)) throw err;
      // Permanent failures of that body only; a cancelled sync or a closing sandbox fails the sync as before.
      if (!isAppError(err.reason) || !err.reason.permanent) throw err.reason;
      ctx.logger.info('gmail message body not read', { threadId: thread.id, messageId: err.messageId, code: err.reason.code });
      item = { externalId, version, error: err.message };
    }
    const items: ChangeItem[] = [item];
    const present = new Set<string>();
    for (const m of thread.messages ?? []) {
      for (const a of attachmentsOf(m)) {
        const key = attachmentKey(thread.id, a);
        present.add(key);
        // A message's attachments never change; Gmail's attachment ids do (per read), so they are not the version.
        const version = `${a.size}|${a.mimeType}|${a.filename}`;
        items.push(a.size > MAX_ATTACHMENT_BYTES ? { externalId: key, version, error: `over ${MAX_ATTACHMENT_BYTES} bytes` } : { externalId: key, version });
      }
    }
    for (const key of known.keys()) {
      if (key.startsWith(`attachment:${thread.id}:`) && !present.has(key)) items.push({ externalId: key, version: null, deleted: true });
    }
    return items;
  };

  /** Known items of a thread (its document, its attachments) marked deleted. */
  const goneItems = (threadId: string, known: ReadonlyMap<string, string | null>): ChangeItem[] =>
    [...known.keys()].filter((k) => k === threadKey(threadId) || k.startsWith(`attachment:${threadId}:`)).map((externalId) => ({ externalId, version: null, deleted: true }));

  return {
    provider: 'gmail',
    credentialFields: [],
    oauthVariables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ...(oauth ? { oauth } : {}),

    validateConfig(settings) {
      if (settings.labels !== undefined) {
        const labels =
          typeof settings.labels === 'string'
            ? settings.labels
                .split(',')
                .map((l) => l.trim())
                .filter(Boolean)
            : null;
        if (!labels || labels.length === 0 || labels.some((l) => !LABEL.test(l))) {
          throw createError('CONNECTOR_CONFIG_INVALID', ['gmail', 'metadata.labels must be comma-separated label ids (INBOX, STARRED, Label_123...)']);
        }
      }
      if (settings.query !== undefined && (typeof settings.query !== 'string' || settings.query.length > 1000)) {
        throw createError('CONNECTOR_CONFIG_INVALID', ['gmail', 'metadata.query must be a Gmail search string of at most 1000 characters']);
      }
    },

    async listChanges(conn, known, ctx): Promise<ChangeList> {
      const gmail = api(conn, ctx);
      const state = (conn.state as GmailState | null) ?? {};
      const filters = filtersOf(conn);
      if (state.historyId && !state.listing && !filters.query) {
        try {
          return await historyPage(gmail, state.historyId, filters, known, ctx);
        } catch (err) {
          // History older than Gmail keeps (about a week): list everything again.
          if (statusOf(err) !== 404) throw err;
          ctx.logger.info('gmail history expired; listing again', { connectionId: conn.id });
        }
      }
      const listing = state.listing ?? { historyId: (await gmail.get<{ historyId: string }>('/profile')).historyId, pageToken: null };
      const params = new URLSearchParams({ maxResults: '100' });
      for (const l of filters.labels) params.append('labelIds', l);
      if (filters.query) params.set('q', filters.query);
      if (listing.pageToken) params.set('pageToken', listing.pageToken);
      const page = await gmail.get<{ threads?: { id: string; historyId?: string }[]; nextPageToken?: string }>(`/threads?${params}`);
      const items: ChangeItem[] = [];
      for (const t of page.threads ?? []) {
        if (known.has(threadKey(t.id)) && t.historyId && known.get(threadKey(t.id)) === t.historyId) {
          // Unchanged: listed with its attachments as they were, nothing read.
          for (const [key, version] of known) if (key === threadKey(t.id) || key.startsWith(`attachment:${t.id}:`)) items.push({ externalId: key, version });
          continue;
        }
        items.push(...(await threadItems(await gmail.thread(t.id), known, ctx)));
      }
      if (page.nextPageToken) return { items, state: { listing: { ...listing, pageToken: page.nextPageToken } } satisfies GmailState, hasMore: true, complete: true };
      return { items, state: { historyId: listing.historyId } satisfies GmailState, complete: true };
    },

    async fetchItem(conn, item, ctx): Promise<ItemContent> {
      const [, threadId, messageId, partId] = item.externalId.split(':');
      if (!threadId || !messageId || !partId) throw createError('CONNECTOR_FAILED', ['gmail', `not an attachment: ${item.externalId}`], { permanent: true });
      const gmail = api(conn, ctx);
      const message = await gmail.get<GmailMessage>(`/messages/${encodeURIComponent(messageId)}?format=full`);
      const a = attachmentsOf(message).find((x) => x.partId === partId);
      if (!a) throw createError('CONNECTOR_FAILED', ['gmail', `attachment ${partId} of message ${messageId} is gone`], { permanent: true });
      const body = await gmail.get<{ data?: string }>(`/messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(a.attachmentId)}`);
      return {
        text: '',
        file: { bytes: Buffer.from(body.data ?? '', 'base64url'), filename: a.filename, mimeType: a.mimeType },
        mimeType: a.mimeType,
        title: a.filename,
        url: `https://mail.google.com/mail/u/0/#all/${threadId}`,
        filepath: null,
      };
    },
  };

  /** One page of the mailbox history since `historyId`: the threads it names are read again (or deleted). */
  async function historyPage(gmail: GmailApi, historyId: string, filters: Filters, known: ReadonlyMap<string, string | null>, ctx: ConnectorContext, pageToken?: string): Promise<ChangeList> {
    const params = new URLSearchParams({ startHistoryId: historyId, maxResults: '500' });
    for (const t of ['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved']) params.append('historyTypes', t);
    if (pageToken) params.set('pageToken', pageToken);
    const page = await gmail.get<{ history?: HistoryRecord[]; nextPageToken?: string; historyId?: string }>(`/history?${params}`);
    const threadIds = new Set<string>();
    for (const h of page.history ?? []) {
      for (const list of [h.messages, h.messagesAdded?.map((m) => m.message), h.messagesDeleted?.map((m) => m.message), h.labelsAdded?.map((m) => m.message), h.labelsRemoved?.map((m) => m.message)]) {
        for (const m of list ?? []) if (m?.threadId) threadIds.add(m.threadId);
      }
    }
    const items: ChangeItem[] = [];
    for (const id of threadIds) {
      let thread: GmailThread;
      try {
        thread = await gmail.thread(id);
      } catch (err) {
        if (statusOf(err) !== 404) throw err;
        items.push(...goneItems(id, known));
        continue;
      }
      const messages = thread.messages ?? [];
      const matches = messages.some((m) => {
        const labels = new Set(m.labelIds ?? []);
        return filters.labels.every((l) => labels.has(l)) && !labels.has('SPAM') && !labels.has('TRASH');
      });
      if (messages.length === 0 || !matches) items.push(...goneItems(id, known));
      else items.push(...(await threadItems(thread, known, ctx)));
    }
    // The history pages continue from the same start; the next sync starts where the last page ended.
    if (page.nextPageToken) {
      const rest = await historyPage(gmail, historyId, filters, known, ctx, page.nextPageToken);
      return { ...rest, items: [...items, ...rest.items] };
    }
    return { items, state: { historyId: page.historyId ?? historyId } satisfies GmailState, complete: false };
  }
}

interface HistoryRecord {
  id: string;
  messages?: { id: string; threadId: string }[];
  messagesAdded?: { message: { id: string; threadId: string } }[];
  messagesDeleted?: { message: { id: string; threadId: string } }[];
  labelsAdded?: { message: { id: string; threadId: string } }[];
  labelsRemoved?: { message: { id: string; threadId: string } }[];
}
