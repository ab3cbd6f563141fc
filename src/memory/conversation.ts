import { dateOf, parseTimestamp } from './calendar.js';
import { everyLineStartsATurn, personLikeSpeaker } from './conversation-speakers.js';
import type { Turn } from './types.js';

/**
 * Chat transcripts as turns. Two shapes are recognised: a JSON array of `{role|speaker|name, content|text,
 * timestamp?|date?}` objects (or an object holding one under `messages`/`turns`), and `Speaker: text` lines, each
 * optionally led by a bracketed timestamp (`[1:56 pm on 8 May, 2023] Caroline: ...`, the shape the LoCoMo benchmark
 * stores) and optionally preceded by a date line (`Chat session on 2023/05/20 (Sat) 07:47`, LongMemEval's shape).
 * Lines that start no turn continue the previous one, so an assistant's multi-line answer stays one turn.
 */

/** The speaker name of the "user" role when the user's own name is unknown. */
export const USER = 'the user';
/** The speaker name of the "assistant" role. */
export const ASSISTANT = 'the assistant';

const USER_ROLES = new Set(['user', 'human', 'customer', 'client']);
// A full name, then a comma, a bracket or the end: a record's value, not a turn ("Rahul Mehta, Pune.").
const RECORD_NAME = /^\s*\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2}\s*(?:,\s*(?!I\b)\p{Lu}|[(|]|\.?\s*$)/u;
const ASSISTANT_ROLES = new Set(['assistant', 'ai', 'bot', 'model', 'chatbot', 'agent', 'gpt', 'claude']);
const SKIPPED_ROLES = new Set(['system', 'tool', 'function', 'developer']);

// Words that head "Label: value" lines in ordinary documents and never name a speaker.
const LABELS = new Set(
  `note notes warning tip tips summary title subject date time from to cc bcc re fwd source sources example examples step steps answer
  question q a todo important update status result results reason conclusion description details ingredients instructions location
  address email phone price cost total name type category tags author published updated edited caution disclaimer ps nb edit
  definition goal goals objective overview background key problem solution output input error usage yes no http https url link
  budget deadline due lead owner manager cost launch start end pm stack scope team venue agenda attendees priority correction
  reminder fyi btw news ps edit account acct contact call meeting mtg visit
  home work job role city country partner spouse wife husband kids children pets pet car vehicle gym age hometown languages
  language hobbies interests employer company diet allergies allergy medications medication meds occupation profession
  position birthday school university education degree salary rent born nationality timezone pronouns`.split(/\s+/),
);

const LINE = /^(?:\[([^\]]{1,48})\]\s*)?(?:\*\*)?([^\s:*[\]][^:*[\]]{0,39}?)(?:\*\*)?\s*:(?:\*\*)?\s+(\S.*)$/u;
const NAME = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}$/u;
/** A line that dates what follows: "Chat session on 2023/05/20", "Date: 2026-03-14". */
export const DATE_HEADER = /^(?:#+\s*)?(?:(?:chat|conversation|session|transcript|dialogue)(?:\s+\w+)?\s+(?:on|from|date[d]?:?)|date:)\s*(.+)$/i;
const FIRST_PERSON = /\b(?:I|I'm|I've|I'd|I'll|my|me|we|our)\b/;

/** The name a role stands for: "user" → the user's name (or "the user"), "assistant" → "the assistant". */
export function speakerOf(raw: string, userName: string | null = null): string {
  const s = raw.trim();
  const role = s.toLowerCase();
  if (USER_ROLES.has(role)) return userName ?? USER;
  if (ASSISTANT_ROLES.has(role)) return ASSISTANT;
  return s;
}

/** The turns of a chat transcript, or null when `content` is not one. */
export function parseConversation(content: string, documentDate: string, userName: string | null = null): Turn[] | null {
  const trimmed = content.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const turns = fromJson(trimmed, documentDate, userName);
    if (turns) return turns;
  }
  return fromLines(trimmed, documentDate, userName);
}

function fromJson(text: string, documentDate: string, userName: string | null): Turn[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const o = data as Record<string, unknown>;
    data = o.messages ?? o.turns ?? o.conversation ?? o.dialogue;
  }
  if (!Array.isArray(data) || data.length === 0) return null;
  const turns: Turn[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') return null;
    const o = item as Record<string, unknown>;
    const role = typeof o.role === 'string' ? o.role.trim().toLowerCase() : '';
    const named = [o.speaker, o.name, o.role, o.author, o.sender].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    // An assistant is the assistant whatever it is called; a user's `name` names the user.
    const speaker = ASSISTANT_ROLES.has(role) ? role : named;
    const body = textOf(o.content ?? o.text ?? o.message ?? o.body);
    // An assistant's tool call carries no text ("content": null beside "tool_calls"): a turn with nothing said.
    if (body === null && (o.tool_calls !== undefined || o.function_call !== undefined)) continue;
    if (speaker === undefined || body === null) return null;
    if (SKIPPED_ROLES.has(speaker.trim().toLowerCase()) || SKIPPED_ROLES.has(role) || body.trim() === '') continue;
    const when = o.timestamp ?? o.date ?? o.time ?? o.created_at ?? o.createdAt;
    turns.push({ speaker: speakerOf(speaker, userName), content: body.trim(), timestamp: timestampOf(when, documentDate) });
  }
  return turns.length > 0 ? turns : null;
}

/** A message body: a string, or chat-API content parts (`[{type: 'text', text}]`). */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return null;
  const parts = value.map((p) => (typeof p === 'string' ? p : p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : ''));
  return parts.join('\n');
}

function timestampOf(value: unknown, documentDate: string): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const d = new Date(value < 1e11 ? value * 1000 : value); // seconds or milliseconds since the epoch
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  return typeof value === 'string' ? parseTimestamp(value, documentDate) : null;
}

interface Candidate {
  line: number;
  stamp: string | undefined;
  speaker: string;
  text: string;
}

function fromLines(text: string, documentDate: string, userName: string | null): Turn[] | null {
  const lines = text.split(/\r\n?|\n/);
  const candidates: Candidate[] = [];
  lines.forEach((line, i) => {
    const m = LINE.exec(line.trim());
    if (!m) return;
    const speaker = m[2]!.trim();
    const isRole = USER_ROLES.has(speaker.toLowerCase()) || ASSISTANT_ROLES.has(speaker.toLowerCase()) || SKIPPED_ROLES.has(speaker.toLowerCase());
    if (!isRole && (!NAME.test(speaker) || LABELS.has(speaker.toLowerCase()))) return;
    // "Customer: Rahul Mehta, Pune.": a ticket's field naming the customer, not the customer speaking.
    if (/^(?:customer|client)$/i.test(speaker) && RECORD_NAME.test(m[3]!)) return;
    candidates.push({ line: i, stamp: m[1], speaker, text: m[3]! });
  });
  const isRole = (c: Candidate) => speakerOf(c.speaker) !== c.speaker || SKIPPED_ROLES.has(c.speaker.toLowerCase());
  let accepted: Candidate[];
  if (candidates.some(isRole)) {
    // In a user/assistant transcript, "Tip: ..." inside an answer is part of the answer. Without a user role, the
    // user is named ("Maya: ...\nAssistant: ..."): a name that opens the transcript or speaks twice is a speaker too.
    const hasUserRole = candidates.some((c) => USER_ROLES.has(c.speaker.toLowerCase()));
    const counts = new Map<string, number>();
    for (const c of candidates) counts.set(c.speaker, (counts.get(c.speaker) ?? 0) + 1);
    const opener = candidates[0]!.speaker;
    const turnShaped = !hasUserRole && everyLineStartsATurn(lines, new Set(candidates.map((c) => c.line)));
    accepted = candidates.filter((c) => isRole(c) || (!hasUserRole && (c.speaker === opener || counts.get(c.speaker)! >= 2 || (turnShaped && personLikeSpeaker(c.speaker)))));
  } else {
    const counts = new Map<string, number>();
    for (const c of candidates) counts.set(c.speaker, (counts.get(c.speaker) ?? 0) + 1);
    accepted = candidates.length <= 3 ? candidates : candidates.filter((c) => c.stamp !== undefined || counts.get(c.speaker)! >= 2);
  }
  if (accepted.length === 0) return null;
  // One untimed "Name: text" line is a conversation only when it reads like speech.
  if (accepted.length === 1 && accepted[0]!.stamp === undefined && !isRole(accepted[0]!) && !FIRST_PERSON.test(accepted[0]!.text)) return null;

  let sessionDate: string | null = null;
  let otherPreamble = 0;
  for (const line of lines.slice(0, accepted[0]!.line)) {
    const l = line.trim();
    if (!l) continue;
    const header = DATE_HEADER.exec(l);
    const stamp = parseTimestamp(header ? header[1]! : l, documentDate);
    if (stamp) sessionDate = stamp;
    else if (!l.startsWith('#') && (++otherPreamble > 1 || l.length > 80)) return null;
  }

  const turns: Turn[] = [];
  let next = 0;
  let current: (Turn & { skip: boolean }) | null = null;
  lines.forEach((line, i) => {
    const c = accepted[next];
    if (c && c.line === i) {
      next++;
      if (current && !current.skip) turns.push(finish(current));
      const stamp = c.stamp !== undefined ? parseTimestamp(c.stamp, sessionDate ?? dateOf(documentDate) ?? documentDate) : null;
      current = { speaker: speakerOf(c.speaker, userName), content: c.text, timestamp: stamp ?? sessionDate, skip: SKIPPED_ROLES.has(c.speaker.toLowerCase()) };
    } else if (current) {
      current.content += `\n${line}`;
    }
  });
  if (current && !(current as { skip: boolean }).skip) turns.push(finish(current));
  return turns.length > 0 ? turns : null;
}

function finish(turn: Turn & { skip: boolean }): Turn {
  return { speaker: turn.speaker, content: turn.content.trim(), timestamp: turn.timestamp };
}
