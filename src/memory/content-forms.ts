import { chatExportAsMessages } from './chat-exports.js';
import { emailMessage } from './email-threads.js';
import { jsonRecordStatements } from './json-records.js';
import { ocrFormLines } from './ocr-forms.js';
import { businessCardStatements } from './business-cards.js';
import { csvRowStatements } from './csv-rows.js';
import { punctuatedVoiceNote } from './voice-notes.js';
import type { ExtractionResult, SourceDocument } from './types.js';

/**
 * The forms apps send content in, read into the plain text and chat lines the offline extractor reads: a JSON record
 * becomes one note per subject (json-records.ts); an email, its author's message without
 * headers and quoted replies (email-threads.ts); a phone's chat export, a message array
 * (chat-exports.ts); a scanned form, its fields as written (ocr-forms.ts); a setting's "Label: value" line, the
 * author's statement; a
 * voice note without punctuation, sentences (voice-notes.ts). Null when the content is in none of these forms.
 */
export function readForms(source: SourceDocument): SourceDocument[] | null {
  const records = jsonRecordStatements(source.content);
  if (records) return records.map((content) => ({ ...source, content }));
  const email = emailMessage(source.content);
  if (email !== null) return [{ ...source, content: email || ' ' }];
  const exported = chatExportAsMessages(source.content);
  if (exported) return [{ ...source, content: exported }];
  const field = fieldAsStatement(source.content);
  if (field) return [{ ...source, content: field }];
  const scanned = ocrFormLines(source.content);
  if (scanned) return [{ ...source, content: scanned }];
  const card = businessCardStatements(source.content);
  if (card) return [{ ...source, content: card }];
  const rows = csvRowStatements(source.content);
  if (rows) return rows.map((row) => ({ ...source, content: row.content, ...(row.date ? { documentDate: `${row.date}T12:00:00.000Z` } : {}) }));
  const spoken = punctuatedVoiceNote(source.content);
  if (spoken) return [{ ...source, content: spoken }];
  return null;
}

const FIELD_LINE = /^(\p{Lu}\p{Ll}+(?:\s+\p{Ll}+){1,3}):\s+([^\n:]{1,120})$/u;
const FIRST_PERSON = /\b(?:I|I'm|I've|my|me|we|our)\b/i;

/**
 * One "Label: value" line with a label of several words ("Preferred airline: KLM", "Home city: Leeds"), the way apps
 * store a setting: the author's statement "My preferred airline is KLM.", so a later value versions it. A name
 * before the colon ("Maya: I live in Boston") is a speaker, not a label.
 */
function fieldAsStatement(content: string): string | null {
  const m = FIELD_LINE.exec(content.trim());
  const value = m?.[2]!.trim().split(/\s+/) ?? [];
  // A short value ("KLM", "window seat"), not a clause ("the user drives a Corsa", "moved to Porto").
  if (
    !m ||
    value.length > 4 ||
    FIRST_PERSON.test(m[2]!) ||
    /\b(?:we|you|he|she|they|it|have|has|had|is|are|was|were|got|get|do|does|did)\b/i.test(m[1]!) ||
    // A label with an article or owner ("The database migration runbook: stop writes, copy, switch.") titles a note.
    /^(?:the|a|an|this|that|these|those|our|your|his|her|their|its)\s/i.test(m[1]!) ||
    /^(?:the|a|an|he|she|they|it)$|^\p{Ll}+(?:ed|ing|s)$/u.test(value[0]!) ||
    value.some((w) => /^(?:is|are|was|were|has|have|had|will|to)$/i.test(w))
  )
    return null;
  return `My ${m[1]!.toLowerCase()} is ${m[2]!.trim().replace(/[.\s]+$/, '')}.`;
}

/** The facts of several parts of one document as one result (at most `maxFacts`, notes joined). */
export function joinExtractions(results: readonly ExtractionResult[], maxFacts: number): ExtractionResult {
  const facts = results.flatMap((r) => r.facts).slice(0, maxFacts);
  const notes = [...new Set(results.map((r) => r.note).filter((n): n is string => !!n && (facts.length === 0 || n !== 'no statement about a person found')))];
  return notes.length > 0 ? { facts, note: notes.join('; ') } : { facts };
}
