/**
 * "finally bought a Pixel 9, bye iPhone 8", "Got the Kia - so long, Fiesta!": a farewell said after the news names
 * what the news replaced. It states nothing of its own, and kept in the fact it names the old value beside the new
 * one, so the new fact could not be the current one alone (issue 26). The farewell is dropped from the sentence;
 * a sentence that is only a farewell is left as written.
 */
const FAREWELL =
  /\s*(?:[,;]|\s[-–—])\s*(?:and\s+)?(?:bye(?:[- ]bye)?|goodbye|good\s+bye|farewell|so\s+long|rip|r\.i\.p\.?|adios|adieu|ciao)\s*,?\s+(?:to\s+)?(?:(?:my|the|our|old|poor|dear|trusty)\s+)*[\p{L}\d][\p{L}\d'’ .+-]{0,40}?\s*(?:[!.]+|\p{Extended_Pictographic}+|\s)*$/u;

/** The sentence without a closing farewell to the thing it replaced. */
export function withoutFarewell(sentence: string): string {
  const m = FAREWELL.exec(sentence);
  if (!m || m.index < 8) return sentence;
  const kept = sentence.slice(0, m.index).trimEnd();
  const end = /[.!?]$/.test(kept) ? '' : (/[!?]/.exec(m[0])?.[0] ?? '.');
  return `${kept}${end}`;
}
