/**
 * A request that names a thing, followed by the speaker's reason with the thing said as "the stuff", "it" or "them"
 * (issue 26, round 22): "please never put coriander in my recipes, I can't stand the stuff" → "I can't stand
 * coriander", "Please no mushrooms, I hate them" → "I hate mushrooms". The request is no fact; the reason is the
 * speaker's opinion of the thing, and it must name the thing so that "I've come round to coriander" later replaces it.
 * Only a lowercase thing (a food, a drink, an ingredient) and only a first-person reason of liking, disliking or not
 * being able to eat it; anything else is returned unchanged.
 */

const REQUEST = String.raw`^(?:(?:please|pls|and)\s+)*(?:(?:never|don't|dont|do not|stop|avoid)\s+(?:put(?:ting)?|add(?:ing)?|us(?:e|ing)|includ(?:e|ing)|serv(?:e|ing)|giv(?:e|ing)\s+me|suggest(?:ing)?|recommend(?:ing)?|mak(?:e|ing)\s+me)\s+(?:any\s+|me\s+)?|no\s+(?:more\s+)?)`;
const THING = String.raw`(?<thing>\p{Ll}[\p{Ll}-]+(?:\s+\p{Ll}[\p{Ll}-]+)?)`;
const REASON = String.raw`(?<reason>I\s+(?:(?:really|just|honestly|absolutely|simply)\s+)?(?:can't stand|cannot stand|can't eat|cannot eat|can't have|hate|detest|loathe|don't like|do not like|don't eat|do not eat|dislike|am allergic to|'m allergic to)|I'm\s+(?:not a fan of|allergic to)|I am\s+(?:not a fan of|allergic to))`;
const SHAPE = new RegExp(String.raw`${REQUEST}${THING}(?:\s+(?:in|on|into|to|for|with|at)\b[^,;.!?]*)?\s*[,;:—–-]\s*${REASON}\s+(?:the stuff|that stuff|this stuff|it|them|those|that)(?<rest>\s*(?:[,.!;]|$).*)$`, 'iu');
const NOT_THING = /^(?:one|ones|thing|things|stuff|it|that|this|more|idea|ideas|way|problem|worries)$/i;

/** "I can't stand coriander." for a request naming coriander with its reason, or the sentence itself. */
export function reasonNamingRequested(sentence: string): string {
  const m = SHAPE.exec(sentence.trim());
  if (!m?.groups) return sentence;
  const { thing, reason, rest } = m.groups as { thing: string; reason: string; rest: string };
  if (NOT_THING.test(thing.split(/\s+/)[0]!)) return sentence;
  // What follows the reason (", thanks", ", it tastes like soap") is not said of the thing.
  return `${reason} ${thing}${/^\s*[!]/.test(rest) ? '!' : '.'}`;
}
