import dns from 'node:dns/promises';
import net from 'node:net';
import { GetObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createError, errorMessage } from '../core/errors.js';
import { isExtractableName } from '../extract/registry.js';
import { refusalReason } from '../providers/ssrf-guard.js';
import type { ChangeList, ConnectionSettings, Connector, ConnectorConnection, ConnectorContext, ItemContent } from './types.js';

/** Objects read at most per sync page (one ListObjectsV2 call). */
const PAGE_SIZE = 1000;
/** Largest object read as a document. */
const OBJECT_MAX_BYTES = 20 * 1024 * 1024;
const TEXT_KEY = /\.(txt|md|markdown|mdx|html?|json|jsonl|csv|tsv|xml|ya?ml|rst|adoc|org|log)$/i;

interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | null;
  prefix: string;
  /** Object key → container tag (first capture group, else the whole match); null = the connection's tags. */
  tagRegex: RegExp | null;
}

/** Longest containerTagRegex accepted. */
const TAG_REGEX_MAX = 200;
/** A group repeated inside a repetition ("(a+)+", "(a|b*)*"): the shape of catastrophic backtracking. */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]/;

function tagRegexOf(settings: ConnectionSettings): RegExp | null {
  const source = str(settings, 'containerTagRegex', false);
  if (source === null) return null;
  if (source.length > TAG_REGEX_MAX) throw createError('CONNECTOR_CONFIG_INVALID', ['s3', `metadata.containerTagRegex is over ${TAG_REGEX_MAX} characters`]);
  if (NESTED_QUANTIFIER.test(source)) throw createError('CONNECTOR_CONFIG_INVALID', ['s3', 'metadata.containerTagRegex repeats a repeated group (catastrophic backtracking)']);
  try {
    return new RegExp(source);
  } catch (err) {
    throw createError('CONNECTOR_CONFIG_INVALID', ['s3', `metadata.containerTagRegex is not a valid regular expression: ${errorMessage(err)}`]);
  }
}

/** The container tag of an object key by the regex: the first group (else the match), made a valid tag; null = no match. */
export function tagForKey(regex: RegExp | null, key: string): string | null {
  const m = regex?.exec(key);
  if (!m) return null;
  const raw = m[1] ?? m[0];
  const tag = raw
    .replace(/[^A-Za-z0-9_.:-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return tag === '' ? null : tag;
}

interface S3State {
  /** Continuation token of the listing in progress (between pages of one sync). */
  token: string | null;
}

function str(settings: ConnectionSettings, key: string, required: boolean): string | null {
  const v = settings[key];
  if (v === undefined || v === '') {
    if (required) throw createError('CONNECTOR_CONFIG_INVALID', ['s3', `metadata.${key} is required`]);
    return null;
  }
  if (typeof v !== 'string') throw createError('CONNECTOR_CONFIG_INVALID', ['s3', `metadata.${key} must be a string`]);
  return v;
}

function settingsOf(settings: ConnectionSettings): S3Settings {
  const endpoint = str(settings, 'endpoint', false);
  if (endpoint) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw createError('CONNECTOR_CONFIG_INVALID', ['s3', 'metadata.endpoint is not a URL']);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw createError('CONNECTOR_CONFIG_INVALID', ['s3', 'metadata.endpoint must be an http or https URL']);
  }
  return { bucket: str(settings, 'bucket', true)!, region: str(settings, 'region', true)!, endpoint, prefix: str(settings, 'prefix', false) ?? '', tagRegex: tagRegexOf(settings) };
}

/** The endpoint's addresses pass the SSRF guard (a bucket on a private network needs MNEMO_URL_ALLOWED_HOSTS). */
async function checkEndpoint(endpoint: string | null, ctx: ConnectorContext): Promise<void> {
  if (!endpoint) return;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  for (const address of addresses) {
    const reason = refusalReason(host, address, ctx.urlFetch);
    if (reason) throw createError('CONNECTOR_CONFIG_INVALID', ['s3', reason]);
  }
}

function clientOf(conn: ConnectorConnection, s: S3Settings, ctx: ConnectorContext): S3Client {
  const creds = conn.credentials ?? {};
  return new S3Client({
    region: s.region === 'auto' ? 'us-east-1' : s.region,
    credentials: { accessKeyId: String(conn.metadata.accessKeyId ?? ''), secretAccessKey: creds.secretAccessKey ?? '' },
    ...(s.endpoint ? { endpoint: s.endpoint, forcePathStyle: true } : {}),
    maxAttempts: 1,
    requestHandler: { requestTimeout: ctx.urlFetch.timeoutMs },
  });
}

/** S3 errors as the sync engine understands them: refused credentials, a bad setting, or transient. */
function mapError(err: unknown): Error {
  const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
  const name = err instanceof Error ? err.name : '';
  if (status === 401 || status === 403 || /InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|ExpiredToken/.test(name)) {
    return createError('CONNECTOR_AUTH_FAILED', ['s3', `${name || 'HTTP 403'}: ${errorMessage(err)}`]);
  }
  if (name === 'NoSuchBucket' || status === 404) return createError('CONNECTOR_FAILED', ['s3', `${name}: ${errorMessage(err)}`], { permanent: true });
  return createError('CONNECTOR_FAILED', ['s3', errorMessage(err)], { permanent: false });
}

/**
 * s3: the text objects of a bucket (optionally under `prefix`) on AWS or any S3-compatible endpoint (MinIO, R2:
 * region "auto"), and the files the extractors read (PDF, office documents, images, audio, video) as originals.
 * `containerTagRegex` maps object keys to container tags (first capture group); keys it does not match keep the
 * connection's tags. Listing pages through continuation tokens; an object's ETag is its version, so unchanged objects
 * are skipped and objects gone from the listing are deleted. The secret key is sealed; accessKeyId stays visible.
 */
export const s3Connector: Connector = {
  provider: 's3',
  credentialFields: ['secretAccessKey'],

  validateConfig(settings) {
    settingsOf(settings);
    str(settings, 'accessKeyId', true);
    str(settings, 'secretAccessKey', true);
  },

  async listChanges(conn, _known, ctx): Promise<ChangeList> {
    const s = settingsOf(conn.metadata);
    await checkEndpoint(s.endpoint, ctx);
    const token = (conn.state as S3State | null)?.token ?? null;
    const client = clientOf(conn, s, ctx);
    try {
      const page = await client.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: s.prefix || undefined, MaxKeys: PAGE_SIZE, ContinuationToken: token ?? undefined })).catch((err: unknown) => {
        throw mapError(err);
      });
      const items = (page.Contents ?? [])
        .filter((o) => o.Key && !o.Key.endsWith('/') && (TEXT_KEY.test(o.Key) || isExtractableName(o.Key)))
        .map((o) =>
          (o.Size ?? 0) > OBJECT_MAX_BYTES
            ? { externalId: o.Key!, version: o.ETag ?? null, error: `${o.Key} is ${o.Size} bytes, over the ${OBJECT_MAX_BYTES}-byte limit` }
            : { externalId: o.Key!, version: o.ETag ?? null },
        );
      const next = page.IsTruncated ? (page.NextContinuationToken ?? null) : null;
      return { items, state: { token: next } satisfies S3State, hasMore: next !== null, complete: true };
    } finally {
      client.destroy();
    }
  },

  async fetchItem(conn, item, ctx): Promise<ItemContent> {
    const s = settingsOf(conn.metadata);
    const client = clientOf(conn, s, ctx);
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: item.externalId })).catch((err: unknown) => {
        throw mapError(err);
      });
      if ((res.ContentLength ?? 0) > OBJECT_MAX_BYTES) throw createError('CONNECTOR_FAILED', ['s3', `${item.externalId} is over ${OBJECT_MAX_BYTES} bytes`], { permanent: true });
      const tag = tagForKey(s.tagRegex, item.externalId);
      const common = { title: null, url: null, filepath: `/${item.externalId}`, ...(tag ? { containerTags: [tag] } : {}) };
      if (!TEXT_KEY.test(item.externalId)) {
        // PDFs, office files, images, audio: stored as the document's original and read by the extractors.
        const bytes = (await res.Body?.transformToByteArray()) ?? new Uint8Array();
        const filename = item.externalId.split('/').pop() ?? item.externalId;
        return { ...common, text: '', mimeType: res.ContentType ?? 'application/octet-stream', file: { bytes, filename, mimeType: res.ContentType ?? null } };
      }
      const text = (await res.Body?.transformToString('utf-8')) ?? '';
      // No title: the pipeline takes the document's heading or first line; the key stays in filepath.
      return { ...common, text, mimeType: res.ContentType ?? 'text/plain' };
    } finally {
      client.destroy();
    }
  },
};
