import { z } from 'zod';
import { errorMessage, isAppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { completeJson, type ChatModel } from '../providers/llm.js';
import { canonicalAttribute } from './attributes.js';
import { extractionMessages, renderForPrompt } from './llm-prompts.js';
import type { ExtractedFact, ExtractionResult, FactExtractor, SourceDocument } from './types.js';

export interface LlmExtractorOptions {
  /** Characters of document per request; longer documents are split at paragraph or line breaks. Default 12000. */
  windowChars?: number;
  /** Facts kept per document (the first ones, in document order). Default 100. */
  maxFacts?: number;
  /** Answers asked for per window: the first plus re-asks after malformed output. Default 3. */
  outputAttempts?: number;
  /** max_tokens of each answer. Default 4096. */
  maxTokens?: number;
  logger?: Logger;
}

const nullableString = z.string().nullish();
const FactSchema = z.object({
  text: z.string(),
  isStatic: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  eventDate: nullableString,
  forgetAfter: nullableString,
  subject: nullableString,
  attribute: nullableString,
  speaker: nullableString,
});
const AnswerSchema = z.object({ facts: z.array(FactSchema) });
type RawFact = z.infer<typeof FactSchema>;

/**
 * Facts through a chat model. Malformed or off-schema output is re-asked (with the error), then that window yields
 * no facts and the result carries a note. A permanent provider error (bad key, unknown model, rejected request)
 * also ends in a note, so the document is still indexed. A transient one (timeouts, network, 429, 5xx once the
 * provider's retries are spent) is thrown as LLM_FAILED with permanent: false, for the pipeline to retry the
 * document later.
 */
export function createLlmExtractor(model: ChatModel, opts: LlmExtractorOptions = {}): FactExtractor {
  const { windowChars = 12_000, maxFacts = 100, outputAttempts = 3, maxTokens = 4096, logger } = opts;

  return {
    kind: 'llm',
    async extract(doc: SourceDocument): Promise<ExtractionResult> {
      const windows = splitWindows(renderForPrompt(doc.content), windowChars);
      const facts: ExtractedFact[] = [];
      const seen = new Set<string>();
      const invalid: string[] = [];
      let extracted = 0;
      let stopped: string | undefined;
      for (const [index, text] of windows.entries()) {
        let result;
        try {
          result = await completeJson(model, extractionMessages(doc, text, { index, count: windows.length }), AnswerSchema, {
            attempts: outputAttempts,
            schemaName: 'facts',
            maxTokens,
            temperature: 0,
          });
        } catch (err) {
          if (!(isAppError(err) && err.code === 'LLM_FAILED' && err.permanent)) throw err;
          stopped = errorMessage(err);
          logger?.warn('memory extraction stopped: the LLM refused the request', { model: model.id, code: err.code });
          break;
        }
        if (!result.ok) {
          invalid.push(windows.length > 1 ? `part ${index + 1}: ${result.error}` : result.error);
          logger?.warn('memory extraction: LLM output invalid', { model: model.id, part: index + 1, attempts: result.attempts });
          continue;
        }
        for (const raw of result.value.facts) {
          const fact = normaliseFact(raw, doc.documentDate);
          if (!fact) continue;
          const key = fact.text
            .toLowerCase()
            .replace(/[^\p{L}\p{N}]+/gu, ' ')
            .trim();
          if (seen.has(key)) continue;
          seen.add(key);
          extracted++;
          if (facts.length < maxFacts) facts.push(fact);
        }
      }
      const notes = [
        stopped,
        invalid.length ? `LLM output invalid after ${outputAttempts} attempts${windows.length > 1 ? ` in ${invalid.length} of ${windows.length} parts` : ''}: ${invalid.join('; ')}` : undefined,
        extracted > maxFacts ? `kept the first ${maxFacts} of ${extracted} facts` : undefined,
      ].filter((n): n is string => Boolean(n));
      return notes.length ? { facts, note: notes.join('; ').slice(0, 1000) } : { facts };
    },
  };
}

/** Splits text into windows of at most `size` characters, preferring paragraph, then line, then sentence breaks. */
export function splitWindows(text: string, size: number): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > size) {
    const head = rest.slice(0, size);
    const minCut = Math.floor(size / 2);
    let cut = -1;
    for (const sep of ['\n\n', '\n', '. ', ' ']) {
      const at = head.lastIndexOf(sep);
      if (at >= minCut) {
        cut = at + sep.length;
        break;
      }
    }
    if (cut < 0) cut = size;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

const clean = (s: string | null | undefined, max: number): string | null => {
  const v = s?.replace(/\s+/g, ' ').trim();
  return v ? v.slice(0, max) : null;
};

/** A model's fact as an ExtractedFact: trimmed, dates made ISO (or dropped when unreadable); null when empty. */
function normaliseFact(raw: RawFact, documentDate: string): ExtractedFact | null {
  const text = clean(raw.text, 1000);
  if (!text) return null;
  return {
    text,
    isStatic: raw.isStatic,
    eventDate: isoDay(raw.eventDate),
    forgetAfter: forgetInstant(raw.forgetAfter, documentDate),
    subject: clean(raw.subject, 200),
    // The catalogue's id whatever the model wrote ("home city" → residence), so the judge and search can use it.
    attribute: canonicalAttribute(clean(raw.attribute, 100)),
    speaker: clean(raw.speaker, 200),
  };
}

function isoDay(value: string | null | undefined): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value?.trim() ?? '');
  const ms = m ? Date.parse(`${m[1]}T00:00:00Z`) : NaN;
  // Date.parse rolls 2024-02-31 over to March: only a day that reads back the same is real.
  return m && !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(m[1]!) ? m[1]! : null;
}

/** A bare day means "after that day"; an instant at or before the document date is a model error and dropped. */
function forgetInstant(value: string | null | undefined, documentDate: string): string | null {
  const v = value?.trim();
  if (!v) return null;
  // No time zone given: read as UTC, not as the server's local time.
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T23:59:59.999Z`) : Date.parse(/T[\d:.]+$/.test(v) ? `${v}Z` : v);
  if (Number.isNaN(ms)) return null;
  const docMs = Date.parse(documentDate);
  if (!Number.isNaN(docMs) && ms <= docMs) return null;
  return new Date(ms).toISOString();
}
