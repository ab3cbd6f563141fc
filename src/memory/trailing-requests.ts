/**
 * A statement followed by a request or an aside with no subject of its own: "I love coriander now, put it back in the
 * recipes please", "I've moved to Porto, so please use the new address", "my favourite band is Khruangbin, can't stop
 * playing them". The tail is said to the reader, not about anyone; its "it"/"them" made the whole sentence read as
 * unresolved, so the statement before it was dropped (issue 26, blind22: a reversed taste, a new home in an email and a
 * new favourite gave no fact). The tail is cut; the statement is kept.
 */

// A comma (or semicolon, dash) and a joining word before the tail.
const JOIN = String.raw`(?:\s*[,;]\s+|\s+[-–—]\s+)(?:(?:so|and|but|then)\s+)?`;
// "please use", "pls send", "kindly note": a request, whatever follows.
const PLEASE_FIRST = new RegExp(String.raw`${JOIN}(?:please|pls|plz|kindly)\b[^.!?]*`, 'iu');
// "put it back in the recipes (please)", "add them to my list": an order about the thing just named.
const ORDER = /(?:put|add|use|send|update|change|remove|drop|leave|take|keep|include|swap|switch|mark|note|save|bring|book|make|give|show|tell|remind|skip|avoid|move|set|write|cross)/;
const ORDER_ON_IT = new RegExp(String.raw`${JOIN}${ORDER.source}\s+(?:it|them|that|this|those|these|me)\b[^.!?]*`, 'iu');
// "..., use Rua das Flores 88 from now on please": an order that ends with "please".
const ORDER_PLEASE = new RegExp(String.raw`${JOIN}${ORDER.source}\b[^.!?]*?\s(?:please|pls|plz)\s*(?=[.!?]*$)`, 'iu');
// "can't stop playing them", "can't wait to go back": an aside on the statement, not a fact of its own.
const ASIDE = new RegExp(String.raw`${JOIN}(?:can't|cant|cannot|can not|couldn't|could not)\s+(?:stop|wait|believe|get enough|live without)\b[^.!?]*`, 'iu');
// The statement the tail follows: a first person, a possessive, or a name, with a verb after it.
const STATEMENT = /^(?:(?:I|I'm|I've|I'd|we|we're|we've|my|our)\b|\p{Lu}[\p{L}'’-]+\s+\p{Ll})/u;

/** The sentence without a trailing request or aside; unchanged when there is none or nothing would be left. */
export function withoutTrailingRequest(sentence: string): string {
  if (!STATEMENT.test(sentence.trim())) return sentence;
  for (const tail of [PLEASE_FIRST, ORDER_ON_IT, ORDER_PLEASE, ASIDE]) {
    const m = tail.exec(sentence);
    if (!m || m.index === undefined) continue;
    const head = sentence.slice(0, m.index).trimEnd();
    const rest = sentence.slice(m.index + m[0].length);
    // The head must still be a statement of three words or more, not a request itself ("Could you, please, ...").
    if (head.split(/\s+/).length < 3 || /^(?:please|pls|can|could|would|will)\b/i.test(head)) continue;
    return `${head}${rest.match(/[.!?]+\s*$/)?.[0].trim() ?? '.'}`;
  }
  return sentence;
}
