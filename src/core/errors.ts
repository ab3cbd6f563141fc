/** Every error the service can report, with its HTTP status and message template (%s = argument). */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request: %s' },
  MALFORMED_JSON: { status: 400, message: 'Malformed JSON body: %s' },
  INVALID_FILTER: { status: 400, message: 'Invalid filters: %s' },
  UNAUTHORIZED: { status: 401, message: 'Missing or invalid API key' },
  FORBIDDEN: { status: 403, message: '%s' },
  DOCUMENT_NOT_FOUND: { status: 404, message: 'Document not found' },
  MEMORY_NOT_FOUND: { status: 404, message: 'Memory not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No route for %s %s' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method %s not allowed on %s' },
  CUSTOM_ID_CONFLICT: { status: 409, message: 'customId %s is already used by another document' },
  CUSTOM_ID_IS_DOCUMENT_ID: { status: 409, message: 'customId %s is the id of another document; choose another customId' },
  AMBIGUOUS_CUSTOM_ID: {
    status: 409,
    message: 'customId %s matches documents in several container tags (%s); name one with containerTag',
  },
  BODY_TOO_LARGE: { status: 413, message: 'Request body exceeds %s bytes' },
  DOCUMENT_TOO_LARGE: { status: 413, message: 'The document has %s; the limit is %s (%s)' },
  RATE_LIMITED: { status: 429, message: 'Rate limit of %s requests exceeded; retry in %s s' },
  KEY_NOT_FOUND: { status: 404, message: 'API key not found' },
  ORGANIZATION_NOT_FOUND: { status: 404, message: 'Organization %s not found' },
  CONTAINER_TAG_NOT_FOUND: { status: 404, message: 'Container tag %s not found' },
  MERGE_CUSTOM_ID_CONFLICT: {
    status: 409,
    message: 'Merging into %s would give several documents the customId %s; change or delete one of them first',
  },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type %s; send application/json' },
  UNPROCESSABLE: { status: 422, message: '%s' },
  // File uploads (POST /v3/documents/file) and stored originals.
  FILE_TOO_LARGE: { status: 413, message: 'The file exceeds %s bytes (%s)' },
  UNSUPPORTED_FILE_TYPE: { status: 415, message: 'Unsupported file type %s; supported types: %s' },
  FILE_TYPE_UNAVAILABLE: { status: 415, message: '%s files cannot be processed on this server right now: %s' },
  EMPTY_FILE: { status: 400, message: 'The file is empty' },
  MULTIPART_REQUIRED: { status: 415, message: 'Unsupported content type %s; send the file as multipart/form-data' },
  FILE_NOT_FOUND: { status: 404, message: 'No stored file for document %s' },
  FILE_LINK_INVALID: { status: 403, message: 'The file link is invalid or has expired' },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'The requested range is outside the file (%s bytes)' },
  // Connections (POST /v3/connections/...).
  UNKNOWN_PROVIDER: { status: 400, message: 'Unknown connector %s; providers: %s' },
  CONNECTION_NOT_FOUND: { status: 404, message: 'Connection %s not found' },
  CONNECTOR_CONFIG_INVALID: { status: 400, message: 'Invalid %s connection: %s' },
  SECRET_KEY_REQUIRED: { status: 400, message: 'The %s connector stores credentials, which needs MNEMO_SECRET_KEY (32+ characters) set on the server' },
  NOT_SUPPORTED: { status: 400, message: '%s' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  // Pipeline errors (never sent over HTTP directly; recorded on the failed document).
  EXTRACTION_FAILED: { status: 422, message: 'Extraction failed: %s' },
  UNSUPPORTED_CONTENT: { status: 422, message: 'Unsupported content: %s' },
  URL_FETCH_FAILED: { status: 422, message: 'Could not fetch %s: %s' },
  URL_BLOCKED: { status: 422, message: 'Refused to fetch %s: %s' },
  EMPTY_CONTENT: { status: 422, message: 'No text could be extracted from the content' },
  FILE_ENCRYPTED: { status: 422, message: 'The file is encrypted or password-protected: %s' },
  FILE_CORRUPT: { status: 422, message: 'The file is damaged or truncated: %s' },
  EXTRACTION_LIMIT: { status: 422, message: 'The file exceeds an extraction limit: %s' },
  EXTRACTION_TIMEOUT: { status: 422, message: 'Extraction took longer than %s ms (%s)' },
  ENGINE_UNAVAILABLE: { status: 503, message: '%s is not available on this server: %s' },
  // Speech to text: transient (timeouts, 429, 5xx after retries, a crashed helper) or permanent (401, bad audio) by options.
  TRANSCRIPTION_FAILED: { status: 503, message: 'Transcription failed: %s' },
  // Connector syncs (recorded on the sync run): auth failures stop the schedule until the connection is re-created.
  OAUTH_STATE_INVALID: { status: 400, message: 'This authorization cannot be completed: %s' },
  OAUTH_DENIED: { status: 400, message: '%s did not grant access: %s' },
  OAUTH_NOT_CONFIGURED: { status: 400, message: 'The %s connector connects through OAuth, which needs %s set on the server' },
  SETUP_LINK_INVALID: { status: 403, message: 'This setup link is invalid or has expired: open a new one from the connection' },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: 'The %s webhook delivery is not signed with a secret of any connection: %s' },
  WEBHOOK_NOT_SUPPORTED: { status: 404, message: 'The %s connector takes no webhooks' },
  CONNECTOR_AUTH_FAILED: { status: 401, message: '%s refused the credentials: %s' },
  CONNECTOR_FAILED: { status: 503, message: '%s failed: %s' },
  EMBEDDING_FAILED: { status: 503, message: 'Embedding provider failed: %s' },
  PROVIDER_UNAVAILABLE: { status: 503, message: '%s' },
  // Chat model (MNEMO_LLM_URL): transient (timeouts, network, 429, 5xx after retries) or permanent (401, 404...) by options.
  LLM_FAILED: { status: 503, message: 'LLM provider failed: %s' },
  LLM_NOT_CONFIGURED: { status: 400, message: '%s needs an LLM: set MNEMO_LLM_URL (an OpenAI-compatible endpoint) and restart' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface AppErrorOptions {
  details?: unknown;
  cause?: unknown;
  /** A permanent error fails a pipeline step at once; a transient one is retried. Defaults to status < 500. */
  permanent?: boolean;
}

/** An operational error: known code, HTTP status, and whether it may be retried. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly expose: boolean;
  readonly details: unknown;
  readonly permanent: boolean;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.expose = this.status < 500;
    this.details = options.details;
    this.permanent = options.permanent ?? this.status < 500;
  }
}

/** Creates an AppError from the catalog, filling %s placeholders with args in order. */
export function createError(code: ErrorCode, args: readonly unknown[] = [], options: AppErrorOptions = {}): AppError {
  let i = 0;
  const message = ERRORS[code].message.replace(/%s/g, () => String(args[i++] ?? ''));
  return new AppError(code, message, options);
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** Best-effort message of any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : JSON.stringify(err);
}
