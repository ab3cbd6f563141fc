import { chatExportAsMessages } from './chat-exports.js';
import { emailMessage } from './email-threads.js';
import { jsonRecordStatements } from './json-records.js';
import { punctuatedVoiceNote } from './voice-notes.js';
import type { ExtractionResult, SourceDocument } from './types.js';

/**
 * The forms apps send content in, read into the plain text and chat lines the offline extractor reads: a JSON record
 * becomes one note per subject (json-records.ts); an email, its author's message without
 * headers and quoted replies (email-threads.ts); a phone's chat export, a message array
 * (chat-exports.ts); a voice note without punctuation, sentences
 * (voice-notes.ts). Null when the content is in none of these forms.
 */
export function readForms(source: SourceDocument): SourceDocument[] | null {
  const records = jsonRecordStatements(source.content);
  if (records) return records.map((content) => ({ ...source, content }));
  const email = emailMessage(source.content);
  if (email) return [{ ...source, content: email.body || ' ', entityContext: source.entityContext ?? email.author }];
  const exported = chatExportAsMessages(source.content);
  if (exported) return [{ ...source, content: exported }];
  const spoken = punctuatedVoiceNote(source.content);
  if (spoken) return [{ ...source, content: spoken }];
  return null;
}

/** The facts of several parts of one document as one result (at most `maxFacts`, notes joined). */
export function joinExtractions(results: readonly ExtractionResult[], maxFacts: number): ExtractionResult {
  const facts = results.flatMap((r) => r.facts).slice(0, maxFacts);
  const notes = [...new Set(results.map((r) => r.note).filter((n): n is string => !!n && (facts.length === 0 || n !== 'no statement about a person found')))];
  return notes.length > 0 ? { facts, note: notes.join('; ') } : { facts };
}
