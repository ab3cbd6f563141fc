/**
 * "I live in Munich, can you suggest a weekend hike?", "Now that I live in Marseille, what's a quiet beach nearby?",
 * "As a vegetarian, what could I batch cook?": a request to the assistant whose lead clause states a fact of the
 * speaker's. The question itself is no fact (statements.ts rejects it); the statement before it is, so it is said on
 * its own. The lead is a statement only when it is one in shape: it does not open as a question, it speaks in the
 * first person (or is "As a <noun>", the speaker's own kind), and the request after it opens as a request does (an
 * auxiliary with "you/I/we", a wh-word, "any ...", "thoughts?"). Anything else is returned unchanged.
 */

/** The words a request or question to the assistant opens with, after the comma or dash that ends the statement. */
const REQUEST =
  /^(?:(?:can|could|would|will|do|does|should|shall|may|might|is|are)\s+(?:you|u|I|we|it|there|they|one|that|this)\b|(?:what|what's|whats|which|where|where's|how|how's|who|who's|when|why|any|anything|anywhere|anyone|ideas|thoughts|tips|recommendations|suggestions|advice)\b|(?:got|know)\s+(?:any|of)\b|(?:please\s+)?(?:recommend|suggest)\b)/iu;
/** A lead that is itself a question or an instruction, not a statement. */
const ASKS = /^(?:(?:can|could|would|will|do|does|did|should|shall|may|might|is|are|was|were|have|has|what|what's|which|where|how|who|when|why|please|tell|help|give|recommend|suggest)\b)/iu;
/** "Now that I live in X", "Since I work at Y now": a frame whose clause is the statement. */
const FRAME = /^(?:now\s+that|since|given\s+that|seeing\s+as|seeing\s+that|because|as)\s+(?=(?:I|I'm|I've|we|we're|we've|my|our)\b)/iu;
/** "As a vegetarian", "As an expat": the speaker's own kind. */
const AS_KIND = /^as\s+(an?\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+)$/iu;
const FIRST_PERSON = /(?:^|[\s:])(?:I|I'm|I've|I'd|we|we're|we've|my|our)\b/iu;
/** "Quick one:", "Update:": a short label before the statement stays (lead-labels.ts reads it). */
const LABEL = /^((?:[\p{L}'’]+\s+){0,2}[\p{L}'’]+:\s+)?/u;

/** The statement that leads a request, said on its own ("I live in Munich."), or the sentence itself. */
// "I'm allergic to penicillin so don't suggest anything with it": an instruction to the assistant after the statement.
const SO_DONT =
  /,?\s+so\s+(?:please\s+)?(?:don't|dont|do not|never|avoid)\s+(?:suggest|suggesting|recommend|recommending|include|including|give|giving|add|adding|put|putting|use|using|book|booking|send|sending|mention|mentioning)\b.*$/iu;

export function statementBeforeRequest(sentence: string): string {
  const instructed = SO_DONT.exec(sentence);
  if (instructed && FIRST_PERSON.test(` ${sentence.slice(0, instructed.index)}`)) return `${sentence.slice(0, instructed.index).trim()}.`;
  const s = sentence.trim();
  if (!/\?\s*["')\]]*$/.test(s)) return sentence;
  // Each comma or dash, leftmost first: the first whose words after it open a request ends the statement.
  for (const m of s.matchAll(/\s*(?:,|\s[-–—])\s+/gu)) {
    const tail = s.slice(m.index + m[0].length);
    if (!REQUEST.test(tail)) continue;
    const head = s.slice(0, m.index).trim();
    const label = LABEL.exec(head)![0];
    const said = head.slice(label.length);
    if (said.split(/\s+/).length < 2 || ASKS.test(said) || /\?/.test(said)) return sentence;
    const kind = AS_KIND.exec(said);
    if (kind) return `${label}I'm ${kind[1]}.`;
    const framed = said.replace(FRAME, '');
    if (!FIRST_PERSON.test(` ${framed}`)) return sentence;
    return `${label}${framed.charAt(0).toUpperCase()}${framed.slice(1)}.`;
  }
  return sentence;
}
