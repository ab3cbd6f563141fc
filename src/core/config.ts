import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const httpUrl = z.url().regex(/^https?:\/\//, 'must start with http:// or https://');

const EnvSchema = z.object({
  PORT: int(0, 65535).default(8787),
  HOST: z.string().min(1).default('0.0.0.0'),
  MNEMO_DATA_DIR: z.string().min(1).default('./data'),
  MNEMO_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  MNEMO_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  MNEMO_MAX_BODY_BYTES: int(1024, 1024 ** 3).default(50 * 1024 * 1024),
  MNEMO_CORS_ORIGINS: z.string().default('*'),
  MNEMO_CONSOLE_DIR: z.string().min(1).optional(),
  MNEMO_TEMPORAL_UI_URL: httpUrl.optional(),
  MNEMO_MEMORY_EXPIRY_CHECK_MS: int(1000, 86_400_000).default(60_000),
  MNEMO_PROFILE_RECENT_DAYS: int(1, 3650).default(30),
  MNEMO_MAX_DOCUMENT_CHARS: int(1000, 1_000_000_000).default(5_000_000),
  MNEMO_MAX_DOCUMENT_CHUNKS: int(1, 10_000_000).default(20_000),
  MNEMO_REQUEST_TIMEOUT_MS: int(1000, 3_600_000).default(120_000),
  MNEMO_ORG_RATE_LIMIT: int(0, 10_000_000).default(0),
  MNEMO_ORG_RATE_LIMIT_WINDOW_MS: int(1000, 86_400_000).default(60_000),

  MNEMO_KEY_EXPIRY_NOTICE_DAYS: z
    .string()
    .default('7,1')
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean)
        .map(Number),
    )
    .refine((days) => days.length > 0 && days.every((d) => Number.isFinite(d) && d > 0 && d <= 365), 'must be comma-separated days, each > 0 and <= 365'),
  MNEMO_KEY_EXPIRY_CHECK_MS: int(1000, 7 * 86_400_000).default(3_600_000),
  MNEMO_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MNEMO_SMTP_FROM: z.string().min(3).default('mnemo@localhost'),
  MNEMO_NOTIFY_EMAIL: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((a) => /^[^\s@,<>]+@[^\s@,<>]+$/.test(a)), 'must be comma-separated email addresses')
    .optional(),

  MNEMO_EMBEDDINGS: z.enum(['auto', 'local', 'openai', 'hash']).default('auto'),
  MNEMO_EMBEDDING_MODEL: z.string().min(1).optional(),
  MNEMO_EMBEDDING_MODEL_PATH: z.string().min(1).optional(),
  MNEMO_MODELS_DIR: z.string().min(1).default('./.models'),
  MNEMO_EMBEDDING_POOLING: z.enum(['mean', 'cls']).optional(),
  MNEMO_EMBEDDING_ALLOW_DOWNLOAD: bool.default(true),
  MNEMO_EMBEDDING_DTYPE: z.enum(['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4']).optional(),
  MNEMO_EMBEDDING_URL: z.url().optional(),
  MNEMO_EMBEDDING_API_KEY: z.string().optional(),
  MNEMO_EMBEDDING_DIMENSIONS: int(1, 8192).optional(),
  MNEMO_EMBEDDING_BATCH_SIZE: int(1, 2048).default(32),
  MNEMO_EMBEDDING_TIMEOUT_MS: int(100, 600_000).default(60_000),

  MNEMO_LLM_URL: z.url().optional(),
  MNEMO_LLM_API_KEY: z.string().optional(),
  MNEMO_LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  MNEMO_LLM_TIMEOUT_MS: int(100, 600_000).default(60_000),
  MNEMO_LLM_MAX_ATTEMPTS: int(1, 10).default(3),

  MNEMO_INGEST_CONCURRENCY: int(1, 64).default(2),
  MNEMO_INGEST_MAX_ATTEMPTS: int(1, 100).default(5),
  MNEMO_INGEST_RETRY_BASE_MS: int(1, 3_600_000).default(1000),
  MNEMO_INGEST_RETRY_MAX_MS: int(1, 86_400_000).default(60_000),
  MNEMO_INGEST_POLL_MS: int(5, 60_000).default(250),

  MNEMO_URL_FETCH_TIMEOUT_MS: int(100, 600_000).default(15_000),
  MNEMO_URL_MAX_BYTES: int(1024, 1024 ** 3).default(20 * 1024 * 1024),
  MNEMO_URL_MAX_REDIRECTS: int(0, 20).default(5),
  MNEMO_URL_ALLOW_PRIVATE: bool.default(false),
  MNEMO_URL_ALLOWED_HOSTS: z.string().default(''),

  MNEMO_ROLE: z.enum(['all', 'api', 'worker']).default('all'),

  MNEMO_CONNECTOR_SYNC_MINUTES: int(1, 525_600).default(240),
  MNEMO_CRAWLER_SYNC_MINUTES: int(1, 525_600).default(10_080),
  MNEMO_CONNECTOR_POLL_MS: int(100, 3_600_000).default(60_000),

  GITHUB_API_URL: httpUrl.default('https://api.github.com'),
  GITHUB_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  GITHUB_OAUTH_URL: httpUrl.default('https://github.com'),
  NOTION_API_URL: httpUrl.default('https://api.notion.com/v1'),
  NOTION_CLIENT_ID: z.string().min(1).optional(),
  NOTION_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_URL: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: httpUrl.default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_DRIVE_API_URL: httpUrl.default('https://www.googleapis.com/drive/v3'),
  GMAIL_API_URL: httpUrl.default('https://gmail.googleapis.com/gmail/v1'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_AUTH_URL: httpUrl.default('https://login.microsoftonline.com/common/oauth2/v2.0'),
  MICROSOFT_GRAPH_URL: httpUrl.default('https://graph.microsoft.com/v1.0'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),

  MNEMO_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  MNEMO_PUBLIC_URL: z
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  MNEMO_FILE_URL_TTL_SECONDS: int(1, 86_400).default(900),
  MNEMO_MCP_WATCH_MS: int(100, 3_600_000).default(5000),
  MNEMO_OAUTH_ACCESS_TTL_SECONDS: int(60, 86_400).default(3600),
  MNEMO_OAUTH_REFRESH_TTL_DAYS: int(1, 365).default(30),

  TEMPORAL_ADDRESS: z.string().min(1).optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('mnemo-ingest'),
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS: bool.default(false),
  TEMPORAL_TLS_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_CA_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
  TEMPORAL_WORKER_MAX_ACTIVITIES: int(1, 1000).default(4),
  TEMPORAL_WORKER_MAX_WORKFLOWS: int(1, 10_000).default(100),
  TEMPORAL_WORKFLOW_BUNDLE: z.string().min(1).optional(),
  TEMPORAL_CALL_TIMEOUT_MS: int(100, 600_000).default(10_000),

  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional(),
  MONGODB_DB: z.string().min(1).max(63).default('mnemo'),
  MONGODB_ATLAS_SEARCH: z.enum(['auto', 'on', 'off']).default('auto'),

  MNEMO_SEARCH_VECTOR_WEIGHT: z.coerce.number().min(0).max(1).default(1),
  MNEMO_SEARCH_KEYWORD_WEIGHT: z.coerce.number().min(0).max(1).default(0.95),
  MNEMO_SEARCH_CANDIDATES: int(10, 10_000).default(100),
  MNEMO_RERANK_CANDIDATES: int(1, 500).default(40),
  MNEMO_SEARCH_MEMORY_SOURCE_WEIGHT: z.coerce.number().min(0).max(1).default(0.75),

  MNEMO_FFMPEG_PATH: z.string().min(1).optional(),
  MNEMO_TRANSCRIPTION: z.enum(['auto', 'openai', 'local', 'off']).default('auto'),
  MNEMO_TRANSCRIPTION_URL: z.url().optional(),
  MNEMO_TRANSCRIPTION_API_KEY: z.string().optional(),
  MNEMO_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  MNEMO_TRANSCRIPTION_TIMEOUT_MS: int(1000, 3_600_000).default(600_000),
  MNEMO_WHISPER_PYTHON: z.string().min(1).default('./.tools/whisper-venv/bin/python'),
  MNEMO_WHISPER_MODEL_PATH: z.string().min(1).optional(),
  MNEMO_WHISPER_THREADS: int(1, 64).default(2),
  MNEMO_OCR: z.enum(['on', 'off']).default('on'),
  MNEMO_OCR_LANGUAGES: z
    .string()
    .default('eng')
    .transform((v) => [
      ...new Set(
        v
          .split(/[+,\s]+/)
          .map((l) => l.trim())
          .filter(Boolean),
      ),
    ])
    .refine((langs) => langs.length > 0 && langs.every((l) => /^[a-z][a-z0-9_]{1,30}$/.test(l)), 'must be tesseract language codes separated by + or commas, e.g. eng+deu'),
  MNEMO_OCR_WORKERS: int(1, 16).default(1),
  MNEMO_MAX_UPLOAD_BYTES: int(1, 10 * 1024 ** 3).default(50 * 1024 * 1024),
  MNEMO_EXTRACT_MAX_PAGES: int(1, 1_000_000).default(2000),
  MNEMO_EXTRACT_MAX_PIXELS: int(1, 10_000_000_000).default(100_000_000),
  MNEMO_EXTRACT_MAX_AUDIO_SECONDS: int(1, 1_000_000).default(4 * 3600),
  MNEMO_EXTRACT_MAX_UNZIPPED_BYTES: int(1024, 100 * 1024 ** 3).default(500 * 1024 * 1024),
  MNEMO_EXTRACT_MAX_ZIP_ENTRIES: int(1, 10_000_000).default(10_000),
  MNEMO_EXTRACT_TIMEOUT_MS: int(1000, 86_400_000).default(30 * 60_000),
  MNEMO_EXTRACT_PARSE_TIMEOUT_MS: int(100, 86_400_000).default(60_000),
  MNEMO_EXTRACT_WORKER_HEAP_MB: int(64, 64 * 1024).default(1024),
  MNEMO_EXTRACT_MAX_DECODED_PIXELS: int(1, 100_000_000_000).default(400_000_000),
  MNEMO_EXTRACT_MAX_INFLATED_BYTES: int(1024, 100 * 1024 ** 3).default(256 * 1024 * 1024),
});

/** Every environment variable the service reads (documented in docs/configuration.md and .env.example). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export type EmbeddingsMode = 'auto' | 'local' | 'openai' | 'hash';

/** Validated, frozen service configuration. */
/** Outside providers' endpoints (configurable for GitHub Enterprise Server and local fakes). */
export interface ProviderEndpoints {
  github: {
    apiUrl: string;
    webhookSecret: string | null;
    /** Where GitHub's OAuth pages live (GitHub Enterprise Server: its own host). */
    oauthUrl: string;
    /** OAuth app; both set = connections may authorise by OAuth instead of a token. */
    clientId: string | null;
    clientSecret: string | null;
  };
  /** OAuth at `${apiUrl}/oauth/authorize` and `/oauth/token` when both client values are set (a public integration). */
  notion: { apiUrl: string; clientId: string | null; clientSecret: string | null };
  /** Google OAuth (shared by google-drive and gmail) and the two APIs. */
  google: {
    clientId: string | null;
    clientSecret: string | null;
    authorizeUrl: string;
    tokenUrl: string;
    revokeUrl: string;
    driveApiUrl: string;
    gmailApiUrl: string;
  };
  /** Microsoft identity platform (`${authUrl}/authorize`, `/token`) and Graph for onedrive. */
  microsoft: { clientId: string | null; clientSecret: string | null; authUrl: string; graphUrl: string };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  rootApiKey: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  maxBodyBytes: number;
  /** Whole-request receive timeout (slow bodies are cut off). */
  requestTimeoutMs: number;
  /** Per-document caps: longer content or more chunks fail the document with DOCUMENT_TOO_LARGE. */
  limits: { maxDocumentChars: number; maxDocumentChunks: number };
  /** How often memories past their forgetAfter are marked forgotten (they are hidden from queries at once anyway). */
  memoryExpiryCheckMs: number;
  /** The profile's recent context: facts within this many days before the tag's latest activity. */
  profileRecentDays: number;
  /** Origins allowed by CORS; ['*'] = any. */
  corsOrigins: string[];
  /** The web console at /console: its built folder, and the Temporal UI base URL for links to document workflows. */
  console: { dir: string; temporalUiUrl: string | null };
  /** Requests per window for each organisation (all its keys together); null = no limit. */
  orgRateLimit: { max: number; windowMs: number } | null;
  keyExpiry: {
    /** Lead times of the expiry notices, in days, largest first (e.g. [7, 1]). */
    noticeDays: readonly number[];
    /** How often the expiry check runs. */
    checkEveryMs: number;
  };
  /** Where notices (API key expiry) go besides the log: email through SMTP when smtpUrl is set. */
  notifications: {
    smtpUrl: string | undefined;
    from: string;
    recipients: readonly string[];
  };
  embeddings: {
    mode: EmbeddingsMode;
    model: string | undefined;
    modelPath: string | undefined;
    modelsDir: string;
    pooling: 'mean' | 'cls' | undefined;
    allowDownload: boolean;
    /** ONNX weights variant; undefined = the model's own choice (transformers-embedder.ts localModelProfile). */
    dtype: string | undefined;
    url: string | undefined;
    apiKey: string | undefined;
    dimensions: number | undefined;
    batchSize: number;
    timeoutMs: number;
  };
  /** OpenAI-compatible chat model for the memory engine; null = the offline (deterministic) engine. */
  llm: {
    url: string;
    apiKey: string | undefined;
    model: string;
    /** Per request. */
    timeoutMs: number;
    /** Requests per call, the first included (429, 5xx, timeouts and network errors are retried). */
    maxAttempts: number;
  } | null;
  ingest: {
    concurrency: number;
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
    pollMs: number;
  };
  urlFetch: {
    timeoutMs: number;
    maxBytes: number;
    maxRedirects: number;
    allowPrivate: boolean;
    allowedHosts: readonly string[];
  };
  role: 'all' | 'api' | 'worker';
  /** Connector syncs: default interval, the web crawler's (recrawl), and how often embedded mode looks for due syncs. */
  connectors: { syncEveryMs: number; crawlerSyncEveryMs: number; pollMs: number };
  /** Outside providers: API base URLs (configurable for GitHub Enterprise Server and local fakes), webhook secrets. */
  providers: ProviderEndpoints;
  temporal: {
    /** Set → Temporal runs ingestion; unset → the embedded runner. */
    address: string | undefined;
    namespace: string;
    taskQueue: string;
    apiKey: string | undefined;
    tls: boolean;
    tlsCertPath: string | undefined;
    tlsKeyPath: string | undefined;
    tlsCaPath: string | undefined;
    tlsServerName: string | undefined;
    maxConcurrentActivities: number;
    maxConcurrentWorkflows: number;
    /** A workflow bundle built beforehand (bundleWorkflowCode's code, as a file): workers load it instead of bundling workflows/ at start. */
    workflowBundlePath: string | undefined;
    /** How long one call to Temporal may take: a connection sync's (then 503), an attempt to create the periodic Schedules (then retried). */
    callTimeoutMs: number;
  };
  mongodb: {
    /** Set → MongoDB stores everything; unset → embedded SQLite. */
    uri: string | undefined;
    db: string;
    atlasSearch: 'auto' | 'on' | 'off';
  };
  search: {
    vectorWeight: number;
    keywordWeight: number;
    candidates: number;
    rerankCandidates: number;
    /** How much a memory inherits the similarity of its source passage (0 = memories rank on their own text). */
    memorySourceWeight: number;
  };
  /** Audio and video: ffmpeg and speech-to-text. */
  media: {
    /** MNEMO_FFMPEG_PATH; undefined = `ffmpeg` on PATH. */
    ffmpegPath: string | undefined;
    transcription: {
      /** auto: openai when url is set, else local when installed, else none. */
      mode: 'auto' | 'openai' | 'local' | 'off';
      url: string | undefined;
      apiKey: string | undefined;
      model: string;
      /** Per request to the OpenAI-compatible endpoint (one chunk of audio). */
      timeoutMs: number;
      /** The offline engine: the venv's python (faster-whisper) and the CTranslate2 model dir (undefined = the venv's multilingual base). */
      whisperPython: string;
      whisperModelPath: string | undefined;
      whisperThreads: number;
    };
  };
  /** Images and scanned PDF pages: tesseract.js with language data from @tesseract.js-data/<lang> packages. */
  ocr: {
    enabled: boolean;
    /** Tesseract language codes, e.g. ['eng', 'deu']; each needs its npm package installed. */
    languages: readonly string[];
    /** Concurrent recognitions (one worker thread each). */
    workers: number;
  };
  /**
   * MNEMO_SECRET_KEY: the deployment's master secret (signed file links; encryption at rest); undefined = one is
   * generated once and kept by the store (store.secrets).
   */
  secretKey: string | undefined;
  /** Base URL clients reach this server at, for links it hands out; null = the request's own protocol and host. */
  publicUrl: string | null;
  /** Lifetime of the signed links of GET /v3/documents/{id}/file-url. */
  fileUrlTtlSeconds: number;
  /** MCP at /mcp: how often an open notification stream checks the caller's projects for changes. */
  mcp: { watchMs: number };
  /** OAuth 2.1 for MCP clients: lifetimes of access tokens (short) and of refresh tokens (each use rotates it). */
  oauth: { accessTtlSeconds: number; refreshTtlDays: number };
  /** File uploads and extraction: the upload cap and the limits every extractor enforces (src/extract/types.ts). */
  extraction: {
    maxUploadBytes: number;
    limits: {
      maxPages: number;
      maxPixels: number;
      maxAudioSeconds: number;
      maxUnzippedBytes: number;
      maxZipEntries: number;
      timeoutMs: number;
      parseTimeoutMs: number;
      workerHeapMb: number;
      maxDecodedPixels: number;
      maxInflatedBytes: number;
    };
  };
}

export class ConfigError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once, validates it and returns a frozen config. The only reader of process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  // Empty or blank values count as unset (compose files and .env templates leave variables blank).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.MNEMO_ROLE !== 'all' && !e.TEMPORAL_ADDRESS) {
    throw new ConfigError([`MNEMO_ROLE: "${e.MNEMO_ROLE}" needs TEMPORAL_ADDRESS (splitting API and worker needs Temporal)`]);
  }
  if (Boolean(e.TEMPORAL_TLS_CERT_PATH) !== Boolean(e.TEMPORAL_TLS_KEY_PATH)) {
    throw new ConfigError(['TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH: set both or neither']);
  }
  if (e.MNEMO_EMBEDDINGS === 'openai' && !e.MNEMO_EMBEDDING_URL) {
    throw new ConfigError(['MNEMO_EMBEDDING_URL: required when MNEMO_EMBEDDINGS=openai']);
  }
  if (e.MNEMO_TRANSCRIPTION === 'openai' && !e.MNEMO_TRANSCRIPTION_URL) {
    throw new ConfigError(['MNEMO_TRANSCRIPTION_URL: required when MNEMO_TRANSCRIPTION=openai']);
  }
  if (Boolean(e.MNEMO_SMTP_URL) !== Boolean(e.MNEMO_NOTIFY_EMAIL?.length)) {
    throw new ConfigError(['MNEMO_SMTP_URL and MNEMO_NOTIFY_EMAIL: set both (email notices) or neither (notices in the log only)']);
  }
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.MNEMO_DATA_DIR),
    rootApiKey: e.MNEMO_API_KEY,
    logLevel: e.MNEMO_LOG_LEVEL,
    maxBodyBytes: e.MNEMO_MAX_BODY_BYTES,
    requestTimeoutMs: e.MNEMO_REQUEST_TIMEOUT_MS,
    memoryExpiryCheckMs: e.MNEMO_MEMORY_EXPIRY_CHECK_MS,
    profileRecentDays: e.MNEMO_PROFILE_RECENT_DAYS,
    limits: { maxDocumentChars: e.MNEMO_MAX_DOCUMENT_CHARS, maxDocumentChunks: e.MNEMO_MAX_DOCUMENT_CHUNKS },
    corsOrigins: e.MNEMO_CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    console: {
      dir: path.resolve(e.MNEMO_CONSOLE_DIR ?? path.join(import.meta.dirname, '../../dist/console')),
      temporalUiUrl: e.MNEMO_TEMPORAL_UI_URL ? trimSlash(e.MNEMO_TEMPORAL_UI_URL) : null,
    },
    orgRateLimit: e.MNEMO_ORG_RATE_LIMIT > 0 ? { max: e.MNEMO_ORG_RATE_LIMIT, windowMs: e.MNEMO_ORG_RATE_LIMIT_WINDOW_MS } : null,
    keyExpiry: {
      noticeDays: [...new Set(e.MNEMO_KEY_EXPIRY_NOTICE_DAYS)].sort((a, b) => b - a),
      checkEveryMs: e.MNEMO_KEY_EXPIRY_CHECK_MS,
    },
    notifications: { smtpUrl: e.MNEMO_SMTP_URL, from: e.MNEMO_SMTP_FROM, recipients: e.MNEMO_NOTIFY_EMAIL ?? [] },
    embeddings: {
      mode: e.MNEMO_EMBEDDINGS,
      model: e.MNEMO_EMBEDDING_MODEL,
      modelPath: e.MNEMO_EMBEDDING_MODEL_PATH ? path.resolve(e.MNEMO_EMBEDDING_MODEL_PATH) : undefined,
      modelsDir: path.resolve(e.MNEMO_MODELS_DIR),
      pooling: e.MNEMO_EMBEDDING_POOLING,
      allowDownload: e.MNEMO_EMBEDDING_ALLOW_DOWNLOAD,
      dtype: e.MNEMO_EMBEDDING_DTYPE,
      url: e.MNEMO_EMBEDDING_URL,
      apiKey: e.MNEMO_EMBEDDING_API_KEY,
      dimensions: e.MNEMO_EMBEDDING_DIMENSIONS,
      batchSize: e.MNEMO_EMBEDDING_BATCH_SIZE,
      timeoutMs: e.MNEMO_EMBEDDING_TIMEOUT_MS,
    },
    llm: e.MNEMO_LLM_URL
      ? {
          url: e.MNEMO_LLM_URL,
          apiKey: e.MNEMO_LLM_API_KEY,
          model: e.MNEMO_LLM_MODEL,
          timeoutMs: e.MNEMO_LLM_TIMEOUT_MS,
          maxAttempts: e.MNEMO_LLM_MAX_ATTEMPTS,
        }
      : null,
    ingest: {
      concurrency: e.MNEMO_INGEST_CONCURRENCY,
      maxAttempts: e.MNEMO_INGEST_MAX_ATTEMPTS,
      retryBaseMs: e.MNEMO_INGEST_RETRY_BASE_MS,
      retryMaxMs: e.MNEMO_INGEST_RETRY_MAX_MS,
      pollMs: e.MNEMO_INGEST_POLL_MS,
    },
    urlFetch: {
      timeoutMs: e.MNEMO_URL_FETCH_TIMEOUT_MS,
      maxBytes: e.MNEMO_URL_MAX_BYTES,
      maxRedirects: e.MNEMO_URL_MAX_REDIRECTS,
      allowPrivate: e.MNEMO_URL_ALLOW_PRIVATE,
      allowedHosts: e.MNEMO_URL_ALLOWED_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
    role: e.MNEMO_ROLE,
    connectors: {
      syncEveryMs: e.MNEMO_CONNECTOR_SYNC_MINUTES * 60_000,
      crawlerSyncEveryMs: e.MNEMO_CRAWLER_SYNC_MINUTES * 60_000,
      pollMs: e.MNEMO_CONNECTOR_POLL_MS,
    },
    providers: {
      github: {
        apiUrl: trimSlash(e.GITHUB_API_URL),
        webhookSecret: e.GITHUB_WEBHOOK_SECRET ?? null,
        oauthUrl: trimSlash(e.GITHUB_OAUTH_URL),
        clientId: e.GITHUB_CLIENT_ID ?? null,
        clientSecret: e.GITHUB_CLIENT_SECRET ?? null,
      },
      notion: { apiUrl: trimSlash(e.NOTION_API_URL), clientId: e.NOTION_CLIENT_ID ?? null, clientSecret: e.NOTION_CLIENT_SECRET ?? null },
      google: {
        clientId: e.GOOGLE_CLIENT_ID ?? null,
        clientSecret: e.GOOGLE_CLIENT_SECRET ?? null,
        authorizeUrl: e.GOOGLE_OAUTH_URL,
        tokenUrl: e.GOOGLE_TOKEN_URL,
        revokeUrl: e.GOOGLE_REVOKE_URL,
        driveApiUrl: trimSlash(e.GOOGLE_DRIVE_API_URL),
        gmailApiUrl: trimSlash(e.GMAIL_API_URL),
      },
      microsoft: {
        clientId: e.MICROSOFT_CLIENT_ID ?? null,
        clientSecret: e.MICROSOFT_CLIENT_SECRET ?? null,
        authUrl: trimSlash(e.MICROSOFT_AUTH_URL),
        graphUrl: trimSlash(e.MICROSOFT_GRAPH_URL),
      },
    },
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      apiKey: e.TEMPORAL_API_KEY,
      tls: e.TEMPORAL_TLS || Boolean(e.TEMPORAL_API_KEY) || Boolean(e.TEMPORAL_TLS_CERT_PATH),
      tlsCertPath: e.TEMPORAL_TLS_CERT_PATH,
      tlsKeyPath: e.TEMPORAL_TLS_KEY_PATH,
      tlsCaPath: e.TEMPORAL_TLS_CA_PATH,
      tlsServerName: e.TEMPORAL_TLS_SERVER_NAME,
      maxConcurrentActivities: e.TEMPORAL_WORKER_MAX_ACTIVITIES,
      maxConcurrentWorkflows: e.TEMPORAL_WORKER_MAX_WORKFLOWS,
      workflowBundlePath: e.TEMPORAL_WORKFLOW_BUNDLE,
      callTimeoutMs: e.TEMPORAL_CALL_TIMEOUT_MS,
    },
    mongodb: { uri: e.MONGODB_URI, db: e.MONGODB_DB, atlasSearch: e.MONGODB_ATLAS_SEARCH },
    search: {
      vectorWeight: e.MNEMO_SEARCH_VECTOR_WEIGHT,
      keywordWeight: e.MNEMO_SEARCH_KEYWORD_WEIGHT,
      candidates: e.MNEMO_SEARCH_CANDIDATES,
      rerankCandidates: e.MNEMO_RERANK_CANDIDATES,
      memorySourceWeight: e.MNEMO_SEARCH_MEMORY_SOURCE_WEIGHT,
    },
    media: {
      ffmpegPath: e.MNEMO_FFMPEG_PATH,
      transcription: {
        mode: e.MNEMO_TRANSCRIPTION,
        url: e.MNEMO_TRANSCRIPTION_URL,
        apiKey: e.MNEMO_TRANSCRIPTION_API_KEY,
        model: e.MNEMO_TRANSCRIPTION_MODEL,
        timeoutMs: e.MNEMO_TRANSCRIPTION_TIMEOUT_MS,
        whisperPython: path.resolve(e.MNEMO_WHISPER_PYTHON),
        whisperModelPath: e.MNEMO_WHISPER_MODEL_PATH ? path.resolve(e.MNEMO_WHISPER_MODEL_PATH) : undefined,
        whisperThreads: e.MNEMO_WHISPER_THREADS,
      },
    },
    ocr: { enabled: e.MNEMO_OCR === 'on', languages: e.MNEMO_OCR_LANGUAGES, workers: e.MNEMO_OCR_WORKERS },
    extraction: {
      maxUploadBytes: e.MNEMO_MAX_UPLOAD_BYTES,
      limits: {
        maxPages: e.MNEMO_EXTRACT_MAX_PAGES,
        maxPixels: e.MNEMO_EXTRACT_MAX_PIXELS,
        maxAudioSeconds: e.MNEMO_EXTRACT_MAX_AUDIO_SECONDS,
        maxUnzippedBytes: e.MNEMO_EXTRACT_MAX_UNZIPPED_BYTES,
        maxZipEntries: e.MNEMO_EXTRACT_MAX_ZIP_ENTRIES,
        timeoutMs: e.MNEMO_EXTRACT_TIMEOUT_MS,
        parseTimeoutMs: e.MNEMO_EXTRACT_PARSE_TIMEOUT_MS,
        workerHeapMb: e.MNEMO_EXTRACT_WORKER_HEAP_MB,
        maxDecodedPixels: e.MNEMO_EXTRACT_MAX_DECODED_PIXELS,
        maxInflatedBytes: e.MNEMO_EXTRACT_MAX_INFLATED_BYTES,
      },
    },
    secretKey: e.MNEMO_SECRET_KEY,
    publicUrl: e.MNEMO_PUBLIC_URL ? e.MNEMO_PUBLIC_URL.replace(/\/+$/, '') : null,
    fileUrlTtlSeconds: e.MNEMO_FILE_URL_TTL_SECONDS,
    mcp: { watchMs: e.MNEMO_MCP_WATCH_MS },
    oauth: { accessTtlSeconds: e.MNEMO_OAUTH_ACCESS_TTL_SECONDS, refreshTtlDays: e.MNEMO_OAUTH_REFRESH_TTL_DAYS },
  };
  return deepFreeze(config);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The stdio bridge (`npm run mcp`): the credential it presents to Mnemo, from MNEMO_API_KEY. */
export function loadBridgeEnv(env: NodeJS.ProcessEnv = process.env): { apiKey: string | undefined } {
  return { apiKey: env.MNEMO_API_KEY?.trim() || undefined };
}
