import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createError, errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { retryAfterMs } from './openai-chat.js';
import type { Transcriber, TranscriptSegment } from './transcriber.js';
import { splitWav } from './wav.js';

export interface OpenAITranscriberOptions {
  /** MNEMO_TRANSCRIPTION_URL: a base URL (…/v1 or not) or the full …/audio/transcriptions endpoint. */
  url: string;
  apiKey: string | undefined;
  model: string;
  /** Per request (one chunk). */
  timeoutMs: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  /** Largest upload; OpenAI refuses files over 25 MB, so longer audio goes in chunks below this. */
  maxUploadBytes?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

/** The endpoint for a base URL, like chatCompletionsUrl: `http://h:8000` and `http://h:8000/v1` both give /v1/audio/transcriptions. */
export function transcriptionsUrl(base: string): string {
  const url = new URL(base);
  const p = url.pathname.replace(/\/+$/, '');
  if (/\/audio\/transcriptions$/.test(p)) url.pathname = p;
  else if (p.split('/').some((s) => /^v\d+[a-z0-9]*$/i.test(s))) url.pathname = `${p}/audio/transcriptions`;
  else url.pathname = `${p}/v1/audio/transcriptions`;
  return url.toString();
}

const RETRYABLE = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

interface VerboseJson {
  language?: unknown;
  duration?: unknown;
  text?: unknown;
  segments?: { start?: unknown; end?: unknown; text?: unknown }[];
}

/**
 * Any OpenAI-compatible `/v1/audio/transcriptions` (OpenAI, Groq, faster-whisper-server, LocalAI...). Asks for
 * verbose_json with segment timestamps; audio over the upload limit is cut into WAV chunks whose timestamps are
 * shifted back by each chunk's start. 429, 5xx and network errors are retried with backoff.
 */
export function createOpenAITranscriber(o: OpenAITranscriberOptions): Transcriber & { readonly model: string } {
  const doFetch = o.fetch ?? fetch;
  const endpoint = transcriptionsUrl(o.url);
  const maxAttempts = o.maxAttempts ?? 3;
  const retryBaseMs = o.retryBaseMs ?? 1000;
  const maxUploadBytes = o.maxUploadBytes ?? 24 * 1024 * 1024;

  const requestOnce = async (file: string, signal: AbortSignal, language: string | undefined): Promise<VerboseJson> => {
    for (let attempt = 1; ; attempt++) {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file, { type: 'audio/wav' }), path.basename(file));
      form.append('model', o.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'segment');
      if (language) form.append('language', language);
      const timeout = AbortSignal.timeout(o.timeoutMs);
      let detail: string;
      let retryable = true;
      let waitMs: number | undefined;
      try {
        const res = await doFetch(endpoint, {
          method: 'POST',
          headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
          body: form,
          signal: AbortSignal.any([signal, timeout]),
        });
        if (res.ok) return (await res.json()) as VerboseJson;
        detail = `HTTP ${res.status} ${(await res.text().catch(() => '')).slice(0, 300)}`.trim();
        retryable = RETRYABLE(res.status);
        waitMs = retryAfterMs(res.headers);
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        detail = timeout.aborted ? `no answer within ${o.timeoutMs} ms` : `network error: ${errorMessage(err)}`;
      }
      if (!retryable || attempt >= maxAttempts) {
        throw createError('TRANSCRIPTION_FAILED', [`${endpoint}: ${detail}`], { permanent: !retryable, details: { model: o.model, attempts: attempt } });
      }
      const backoff = waitMs ?? retryBaseMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2);
      o.logger?.warn('transcription request failed, retrying', { detail, attempt, waitMs: Math.round(backoff) });
      await sleep(Math.min(backoff, 60_000), undefined, { signal });
    }
  };

  return {
    name: 'openai',
    model: o.model,
    async transcribe(wavPath, opts) {
      const chunks = await splitWav(wavPath, maxUploadBytes);
      const segments: TranscriptSegment[] = [];
      let language: string | null = null;
      let duration = 0;
      try {
        for (const chunk of chunks) {
          const json = await requestOnce(chunk.path, opts.signal, opts.language);
          if (typeof json.language === 'string') language ??= json.language;
          const found = Array.isArray(json.segments) ? json.segments : [];
          if (found.length > 0) {
            for (const s of found) {
              const text = typeof s.text === 'string' ? s.text.trim() : '';
              if (text) segments.push({ start: chunk.offset + Number(s.start ?? 0), end: chunk.offset + Number(s.end ?? 0), text });
            }
          } else if (typeof json.text === 'string' && json.text.trim()) {
            // Servers without segment timestamps: the chunk as one segment.
            segments.push({ start: chunk.offset, end: chunk.offset + chunk.seconds, text: json.text.trim() });
          }
          duration = chunk.offset + chunk.seconds;
          opts.onProgress?.(duration);
        }
      } finally {
        await Promise.all(chunks.filter((c) => c.path !== wavPath).map((c) => fs.promises.rm(c.path, { force: true })));
      }
      return { language, durationSeconds: duration, segments };
    },
  };
}
