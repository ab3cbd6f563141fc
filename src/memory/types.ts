import type { DocumentType, Metadata } from '../core/types.js';

/**
 * The memory engine's contracts: what an extractor reads, the facts it returns, and how a new fact relates to the
 * memories a container tag already has. Extractors (offline, LLM) and relation judges implement them.
 */

/** A document as the memory step sees it, after extraction. */
export interface SourceDocument {
  /** Extracted text or markdown (a chat transcript stays as sent: JSON turns or "Speaker: text" lines). */
  content: string;
  title: string | null;
  type: DocumentType;
  /** The document's own date (ISO): relative dates ("yesterday", "next Friday") resolve against it. */
  documentDate: string;
  metadata: Metadata;
  /** Who "I" is when the content does not say (the add's entityContext, e.g. "Dana, a nurse in Lyon"). */
  entityContext: string | null;
  /**
   * Earlier turns of a conversation whose new turns are `content` (a conversation re-sent with appended turns): read
   * for names, speakers and pronoun antecedents, never a source of facts itself.
   */
  previous?: string;
}

/** One atomic, self-contained, third-person fact. */
export interface ExtractedFact {
  /** "Dana is allergic to peanuts." — subject resolved, no "I"/"you", one sentence. */
  text: string;
  /** Identity, profession, preferences, relationships (true); recent events, plans, current context (false). */
  isStatic: boolean;
  /** ISO date (YYYY-MM-DD) of the event the fact is about, when the content gives or implies one. */
  eventDate: string | null;
  /** ISO instant after which the fact should be forgotten ("this week", "until Friday"); null = keep. */
  forgetAfter: string | null;
  /** Who the fact is about ("Dana"), when known. */
  subject: string | null;
  /**
   * What about the subject, normalised ("home city", "employer", "allergy"), when recognisable: two facts with the
   * same subject and attribute but different values mean the newer one updates the older.
   */
  attribute: string | null;
  /** The speaker of the turn the fact came from, in a conversation. */
  speaker: string | null;
  /**
   * Other names of the subject ("the user" for a user who gave their name, "Maya" for "Maya Chen"): memories filed
   * under any of them are about the same subject.
   */
  aliases?: string[];
  /**
   * A correction that names only the values ("it's Braga, not Porto"): the memory holding `rejected` is what the fact
   * corrects (rejected-values.ts).
   */
  corrects?: { meant: string; rejected: string; renames?: boolean };
  /**
   * When the fact was said, when that differs by turn: the timestamp of the turn it came from (a chat export spanning
   * months). Absent: the document's own date.
   */
  statedAt?: string;
}

export interface ExtractionResult {
  facts: ExtractedFact[];
  /** Why no or fewer facts came out (malformed model output, filtered content...), for processingMetadata. */
  note?: string;
}

/** Turns a document into facts. */
export interface FactExtractor {
  readonly kind: 'offline' | 'llm';
  extract(doc: SourceDocument): Promise<ExtractionResult>;
}

/** How a new fact relates to an existing memory of the same container tag. */
export type Relation = 'duplicate' | 'updates' | 'extends' | 'derives' | 'new';

/** An existing memory offered to the judge, with its similarity to the new fact (0-1, calibrated). */
export interface RelationCandidate {
  id: string;
  text: string;
  subject: string | null;
  attribute: string | null;
  isStatic: boolean;
  similarity: number;
  /**
   * Told in the same source as the fact (earlier in its document), and so how: a new version of what the source
   * replaced (`change`) or a first statement (`first`). Absent: another source, or not known (a model's candidates).
   */
  toldWith?: 'change' | 'first';
}

export interface RelationDecision {
  relation: Relation;
  /** The candidate the relation points at (absent for "new"). */
  targetId?: string;
}

/** Decides duplicate / updates / extends / derives / new for a fact against its candidates. */
export interface RelationJudge {
  readonly kind: 'heuristic' | 'llm';
  judge(fact: ExtractedFact, candidates: readonly RelationCandidate[]): Promise<RelationDecision>;
}

/** A turn of a conversation transcript. */
export interface Turn {
  speaker: string;
  content: string;
  /** ISO timestamp, when the transcript gives one. */
  timestamp: string | null;
}
