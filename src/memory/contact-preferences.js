/**
 * How a person wants to be contacted, said in the ways people say it, rewritten to one statement the attribute rules
 * file as `contact:preference` (life-patterns.ts), so a later preference replaces an earlier one:
 * - "Best way to reach Marta is by email", "the best time to call me is after 6" → "Marta prefers to be contacted by
 *   email";
 * - the author's request to the reader: "Please text me instead of emailing", "Email me at dan@x.com" → "I prefer to
 *   be contacted by text instead of emailing";
 * - "Owen asked us to email rather than call from now on" → "Owen prefers to be contacted by email from now on".
 * Anything else is returned unchanged.
 */
/** The channels people name, as a verb or a noun. */
export const CHANNEL = String.raw `(?:phone calls?|calls?|phone|texts?|text messages?|texting|sms|SMS|e-?mails?|whatsapp(?:\s+messages?)?|WhatsApp(?:\s+messages?)?|signal|Signal|telegram|Telegram|iMessage|voice notes?|video calls?|FaceTime|facetime|Zoom|Teams|Slack(?:\s+messages?)?|DMs?|direct messages?|letters?|post|in person)`;
const VERB_CHANNEL = String.raw `(?:text|call|ring|phone|email|e-mail|message|whatsapp|WhatsApp|dm|DM|facetime|FaceTime|slack|Slack|write to)`;
const WHO = String.raw `(?<who>me|us|him|her|them|(?:my|our|his|her)\s+\p{Ll}+(?:\s+\p{Lu}\p{L}+)?|\p{Lu}\p{L}+(?:\s+\p{Lu}\p{L}+)?)`;
const BEST_WAY = new RegExp(String.raw `^(?:the\s+)?best\s+(?:way|time|channel|number)\s+to\s+(?:reach|contact|get hold of|get in touch with|call|text|message)\s+${WHO}\s+is\s+(?:(?:by|via|on|over|through)\s+)?(?:an?\s+)?(?<channel>${CHANNEL})\b(?<rest>.*)$`, 'iu');
const REQUEST = new RegExp(String.raw `^(?:please\s+|pls\s+|just\s+|so\s+|and\s+)*(?<verb>${VERB_CHANNEL})\s+me\b(?<rest>.*)$`, 'iu');
const ASKED = new RegExp(String.raw `^${WHO.replace('(?<who>', '(?<asker>')}\s+(?:has\s+|have\s+)?(?:asked|told)\s+(?:us|me|everyone|people|the team)\s+to\s+(?<verb>${VERB_CHANNEL})(?:\s+(?:him|her|them))?\s+(?:rather than|instead of|not)\s+\S+(?<rest>.*)$`, 'u');
const SELF = { me: 'I', us: 'we', him: 'he', her: 'she', them: 'they' };
const NOUN = { call: 'phone', ring: 'phone', phone: 'phone', 'write to': 'email', 'e-mail': 'email' };
function channelNoun(verb) {
    const v = verb.toLowerCase();
    return NOUN[v] ?? (v === 'whatsapp' ? 'WhatsApp' : v === 'facetime' ? 'FaceTime' : v === 'dm' ? 'DM' : v === 'slack' ? 'Slack' : v);
}
const prefers = (who, channel, rest) => {
    const subject = SELF[who.toLowerCase()] ?? who;
    const verb = /^(?:I|we|they)$/.test(subject) ? 'prefer' : 'prefers';
    return `${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${verb} to be contacted by ${channel}${rest}`;
};
/** The contact preference said as a statement of its person, or the sentence itself. */
export function contactPreference(sentence) {
    const s = sentence.trim();
    const best = BEST_WAY.exec(s);
    if (best?.groups)
        return prefers(best.groups.who, best.groups.channel, best.groups.rest);
    const asked = ASKED.exec(s);
    if (asked?.groups)
        return prefers(asked.groups.asker, channelNoun(asked.groups.verb), asked.groups.rest);
    const request = REQUEST.exec(s);
    // "Call me Liz" is a name, "text me when you land" a one-off: only a request with a channel's reason or manner.
    if (request?.groups && /^\s*(?:(?:instead|rather|only|first|anytime|any time|at\s+\S+@|on\s+\S*\d|after|before|in the|mornings?|evenings?|weekdays?|during)\b|,|\.|!|$)/i.test(request.groups.rest)) {
        return prefers('me', channelNoun(request.groups.verb), request.groups.rest);
    }
    return s;
}
