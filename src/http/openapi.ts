import { z } from 'zod';
import { ErrorBody } from './schemas/common.js';
import {
  AddDocumentBody,
  UploadFileFields,
  AddResponse,
  BatchBody,
  BulkDeleteBody,
  ListDocumentsBody,
  ListDocumentsQuery,
  DocumentLookupQuery,
  ProcessingQuery,
  UpdateDocumentBody,
} from './schemas/documents.js';
import { ListContainerTagsQuery, MergeContainerTagsBody, UpdateContainerTagBody } from './schemas/container-tags.js';
import { DocumentsByIdsBody, DocumentsWithMemoriesBody } from './schemas/documents-with-memories.js';
import { FileUrlResponse } from './schemas/files.js';
import { ScopedKeyBody } from './schemas/keys.js';
import {
  ConfigureConnectionBody,
  ConnectionResourcesQuery,
  ConnectionsQuery,
  ConnectionTagsBody,
  CreateConnectionBody,
  DeleteConnectionQuery,
  RequiredConnectionTagsBody,
} from './schemas/connections.js';
import { ProfileBody, SearchV3Body, SearchV4Body } from './schemas/search.js';
import { ConversationBody, ConversationResponse } from './schemas/conversations.js';
import { SettingsBody } from './schemas/settings.js';

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  /** The body is multipart/form-data: `body` describes its text fields, plus a required binary `file` part. */
  multipart?: boolean;
  query?: z.ZodObject;
  response?: z.ZodType;
  noContent?: boolean;
  public?: boolean;
}

/** Every route with the same zod schemas that validate its input. */
const OPERATIONS: Operation[] = [
  { method: 'get', path: '/health', summary: 'Service health: store, runner, providers', tag: 'system', public: true },
  { method: 'get', path: '/openapi.json', summary: 'This document', tag: 'system', public: true },
  { method: 'post', path: '/v3/documents', summary: 'Add a document (or update the one with the same customId)', tag: 'documents', body: AddDocumentBody, response: AddResponse },
  { method: 'post', path: '/v3/documents/file', summary: 'Upload a file (multipart/form-data; type detected from the bytes)', tag: 'documents', body: UploadFileFields, multipart: true, response: AddResponse },
  { method: 'post', path: '/v3/documents/batch', summary: 'Add 1-600 documents', tag: 'documents', body: BatchBody },
  { method: 'post', path: '/v3/documents/list', summary: 'List documents (response array is named memories)', tag: 'documents', body: ListDocumentsBody },
  { method: 'get', path: '/v3/documents', summary: 'List documents (query-string form)', tag: 'documents', query: ListDocumentsQuery },
  { method: 'get', path: '/v3/documents/processing', summary: 'Documents still in the pipeline', tag: 'documents', query: ProcessingQuery },
  { method: 'delete', path: '/v3/documents/bulk', summary: 'Delete by ids, container tags or filepath', tag: 'documents', body: BulkDeleteBody },
  { method: 'get', path: '/v3/documents/{id}', summary: 'Get a document by id or customId (409 AMBIGUOUS_CUSTOM_ID unless ?containerTag narrows it)', tag: 'documents', query: DocumentLookupQuery },
  { method: 'patch', path: '/v3/documents/{id}', summary: 'Update a document; content changes re-process it', tag: 'documents', body: UpdateDocumentBody, query: DocumentLookupQuery, response: AddResponse },
  { method: 'delete', path: '/v3/documents/{id}', summary: 'Delete a document by id or customId', tag: 'documents', query: DocumentLookupQuery, noContent: true },
  { method: 'get', path: '/v3/documents/{id}/chunks', summary: 'Searchable chunks of a document, by position', tag: 'documents', query: DocumentLookupQuery },
  { method: 'get', path: '/v3/documents/{id}/file-url', summary: 'A short-lived signed link to the uploaded original (404 FILE_NOT_FOUND when the document has none)', tag: 'documents', query: DocumentLookupQuery, response: FileUrlResponse },
  { method: 'get', path: '/v3/files/{token}', summary: 'The original file of a signed link, as an attachment (no API key; Range supported: 206/416; expired or altered links 403 FILE_LINK_INVALID)', tag: 'documents', public: true },
  { method: 'post', path: '/v3/documents/documents', summary: 'Documents with their memory entries, every version (the memory graph data source)', tag: 'documents', body: DocumentsWithMemoriesBody },
  { method: 'post', path: '/v3/documents/documents/by-ids', summary: 'Documents by id or customId with their memory entries', tag: 'documents', body: DocumentsByIdsBody },
  { method: 'post', path: '/v4/search', summary: 'Hybrid search over memories and chunks', tag: 'search', body: SearchV4Body },
  { method: 'post', path: '/v3/search', summary: 'Legacy document-grouped search', tag: 'search', body: SearchV3Body },
  { method: 'post', path: '/v4/profile', summary: 'Profile of a container tag (static and dynamic facts)', tag: 'profile', body: ProfileBody },
  { method: 'post', path: '/v4/conversations', summary: 'Ingest or update a conversation by conversationId (appended turns: only they become memories)', tag: 'conversations', body: ConversationBody, response: ConversationResponse },
  { method: 'get', path: '/v3/settings', summary: 'Organisation settings', tag: 'settings' },
  { method: 'patch', path: '/v3/settings', summary: 'Update organisation settings (root keys only)', tag: 'settings', body: SettingsBody },
  { method: 'post', path: '/v3/auth/scoped-key', summary: 'Create a key limited to one container tag (root keys only)', tag: 'keys', body: ScopedKeyBody },
  { method: 'delete', path: '/v3/auth/scoped-key/{id}', summary: 'Revoke a key; it gets 401 from then on', tag: 'keys' },
  { method: 'get', path: '/v3/auth/keys', summary: "The organisation's keys (prefixes only, never the keys)", tag: 'keys' },
  { method: 'put', path: '/v3/auth/keys/{id}/toggle', summary: 'Disable or re-enable a key', tag: 'keys' },
  { method: 'get', path: '/v3/session', summary: 'Who the caller is: organisation, key type, permitted tags, rate limit, expiry', tag: 'keys' },
  { method: 'get', path: '/v3/container-tags/list', summary: 'Container tags with document and memory counts and last activity', tag: 'container-tags', query: ListContainerTagsQuery },
  { method: 'get', path: '/v3/container-tags/{tag}', summary: 'One container tag (space)', tag: 'container-tags' },
  { method: 'patch', path: '/v3/container-tags/{tag}', summary: 'Create or update a space (name, entityContext)', tag: 'container-tags', body: UpdateContainerTagBody },
  { method: 'delete', path: '/v3/container-tags/{tag}', summary: 'Delete a tag: its documents and memories go, those that carry another tag stay', tag: 'container-tags' },
  { method: 'post', path: '/v3/container-tags/merge', summary: 'Move the documents and memories of container tags into a target tag', tag: 'container-tags', body: MergeContainerTagsBody },
  { method: 'get', path: '/v3/container-tags/{tag}/profile', summary: 'Profile of a container tag (static and dynamic facts)', tag: 'container-tags' },
  { method: 'get', path: '/v3/connections', summary: 'Connections of the organisation; endUserId = only those carrying that container tag', tag: 'connections', query: ConnectionsQuery },
  { method: 'post', path: '/v3/connections/list', summary: 'Connections of the organisation (root keys only), optionally those carrying any of containerTags', tag: 'connections', body: ConnectionTagsBody },
  { method: 'post', path: '/v3/connections/{provider}', summary: 'Connect a source (web-crawler: metadata.startUrl; s3: accessKeyId, secretAccessKey, bucket, region, endpoint?, prefix?, containerTagRegex?; github: token or OAuth, repositories?, include?, exclude?, webhookSecret?; notion: token or OAuth; google-drive: OAuth, syncScope? full|selected (the picker); gmail: OAuth, labels?, query?; onedrive: OAuth, syncScope? full|selected); the first sync starts at once, then on schedule', tag: 'connections', body: CreateConnectionBody },
  { method: 'get', path: '/v3/connections/{provider}/callback', summary: "Where the provider sends the browser after consent (OAuth providers: github, notion, google-drive, gmail, onedrive with their client id and secret set): no API key, the signed single-use state authenticates it; stores the token, starts the first sync, redirects to the connection's redirectUrl (400 OAUTH_STATE_INVALID / OAUTH_DENIED, 401 when the provider refuses the code)", tag: 'connections', public: true },
  { method: 'post', path: '/v3/connections/{provider}/webhook', summary: "A provider's webhook delivery (github: push events signed with X-Hub-Signature-256; google-drive: push channel notifications with the channel token; onedrive: Graph notifications with the subscription's clientState, validationToken echoed as text; no API key: 401 WEBHOOK_SIGNATURE_INVALID when a delivery authenticates against no connection; 202 when syncs started)", tag: 'connections', public: true },
  { method: 'get', path: '/v3/connection-setup/{token}', summary: "The picker page of a connection that syncs only what the user picks (google-drive, onedrive): the signed, one-hour setup link (the callback redirects there; GET /v3/connections/{id} answers a fresh setupUrl while the status is needs_setup). No API key; 403 SETUP_LINK_INVALID for a forged or expired link", tag: 'connections', public: true },
  { method: 'get', path: '/v3/connection-setup/{token}/resources', summary: "What the picker lists: the connection's resources (parent_id opens a folder), for a valid setup link", tag: 'connections', public: true, query: ConnectionResourcesQuery },
  { method: 'post', path: '/v3/connection-setup/{token}/selection', summary: "Saves the picker's selection: the connection becomes active, is scheduled and syncs at once; answers the connection's redirectUrl as redirectTo", tag: 'connections', public: true, body: ConfigureConnectionBody },
  { method: 'get', path: '/v3/connections/{connectionId}', summary: 'One connection with its sync status (credentials are never returned)', tag: 'connections' },
  { method: 'post', path: '/v3/connections/{provider}/connection', summary: 'The connection of a provider for container tags', tag: 'connections', body: RequiredConnectionTagsBody },
  { method: 'post', path: '/v3/connections/{provider}/import', summary: 'Start a sync now (answers text/plain)', tag: 'connections', body: ConnectionTagsBody },
  { method: 'post', path: '/v3/connections/{provider}/documents', summary: "Documents synced by the provider's connections", tag: 'connections', body: ConnectionTagsBody },
  { method: 'get', path: '/v3/connections/{connectionId}/resources', summary: 'Resources to choose from (GitHub repositories, Drive and OneDrive items, Notion pages); empty for the web crawler, S3 and Gmail', tag: 'connections', query: ConnectionResourcesQuery },
  { method: 'post', path: '/v3/connections/{connectionId}/configure', summary: 'Save the chosen resources (repositories, drive items, start pages, Notion pages)', tag: 'connections', body: ConfigureConnectionBody },
  { method: 'get', path: '/v3/connections/{connectionId}/sync-runs', summary: 'Sync runs, newest first: trigger, status, items processed and failed, error', tag: 'connections' },
  { method: 'delete', path: '/v3/connections/{connectionIdOrProvider}', summary: "Disconnect by id, or a provider's connections for body.containerTags; their documents go unless deleteDocuments=false", tag: 'connections', query: DeleteConnectionQuery },
];

/** Path parameters and what they name. */
const PATH_PARAMS: Record<string, string> = {
  id: 'Document id or customId',
  tag: 'Container tag',
  provider: 'Connector: web-crawler or s3',
  connectionId: 'Connection id',
  connectionIdOrProvider: 'Connection id, or a provider name (then body.containerTags picks the connections)',
  token: 'Signed token from GET /v3/documents/{id}/file-url',
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** A multipart body: the text fields as strings (JSON ones described), plus the binary `file` part. */
function multipartSchema(fields: z.ZodType): Record<string, unknown> {
  const schema = jsonSchema(fields) as { properties?: Record<string, unknown>; required?: string[] };
  return {
    ...schema,
    type: 'object',
    properties: { file: { type: 'string', format: 'binary', description: 'The file (at most MNEMO_MAX_UPLOAD_BYTES)' }, ...schema.properties },
    required: ['file', ...(schema.required ?? [])],
  };
}

/** OpenAPI 3.1 document generated from the request schemas. */
export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const params: unknown[] = [];
    for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
      const description = op.tag === 'keys' && name === 'id' ? 'API key id' : (PATH_PARAMS[name!] ?? name!);
      params.push({ name, in: 'path', required: true, description, schema: { type: 'string' } });
    }
    if (op.query) {
      for (const [name, field] of Object.entries(op.query.shape)) {
        params.push({ name, in: 'query', required: false, schema: jsonSchema(field as z.ZodType) });
      }
    }
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      summary: op.summary,
      tags: [op.tag],
      ...(op.public ? { security: [] } : {}),
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(op.body && !op.multipart ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } } : {}),
      ...(op.body && op.multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: multipartSchema(op.body) } } } } : {}),
      responses: {
        ...(op.noContent
          ? { 204: { description: 'Deleted' } }
          : {
              200: {
                description: 'OK',
                content: { 'application/json': { schema: op.response ? jsonSchema(op.response) : { type: 'object' } } },
              },
            }),
        ...(op.public
          ? {}
          : {
              400: errorResponse('Invalid input; details names the offending fields'),
              401: errorResponse('Missing or invalid API key'),
              403: errorResponse('Outside the key\'s scope, or an endpoint a scoped key may not use'),
              404: errorResponse('Not found'),
              409: errorResponse('Conflict (customId already used under a tag, or ambiguous across tags)'),
              429: errorResponse('Rate limit exceeded; see retry-after'),
            }),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mnemo API',
      version,
      description: 'Self-hosted memory and knowledge service, wire-compatible with the supermemory API.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: { Error: jsonSchema(ErrorBody) },
    },
    paths,
  };
}
