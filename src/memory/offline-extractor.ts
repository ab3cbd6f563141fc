import { itAsEarlierObject } from './clause-objects.js';
import { joinExtractions, readForms } from './content-forms.js';
import { unframed } from './sentence-frames.js';
import { withoutOwnAside } from './own-asides.js';
import { ownPlanGivenUp } from './plans-given-up.js';
import { oneAsEarlierNoun } from './one-anaphora.js';
import { withoutFarewell } from './farewells.js';
import { teamHere } from './team-here.js';
import { homeAfterLeaving } from './home-after-leaving.js';
import { rentPaidAlone } from './rent-shares.js';
import { appositiveRelation } from './appositive-relations.js';
import { otherSubjectOf, reattributed } from './misattributed.js';
import { pairAsObject, relationFirst } from './paired-subjects.js';
import { introducedNameFact } from './introduced-name.js';
import { foldTopicEcho } from './topic-echo.js';
import { unlessOnlyLabels } from './label-speakers.js';
import { unlessHeadedNotes } from './labelled-notes.js';
import { newHomesInDistricts } from './new-homes.js';
import { boundRuns } from './bounded-runs.js';
import { nameGivenByUs } from './named-by-us.js';
import { partnerInApposition } from './seeing-appositives.js';
import { contactsWithTitles, personLabelledLines } from './person-labels.js';
import { petFieldsAsStatements } from './pet-labels.js';
import { changeWithItsValue } from './announced-changes.js';
import { doseStatements } from './dose-notes.js';
import { sentenceSpans } from '../text/sentences.js';
import { attributeKey } from './attributes.js';
import { bulletFacts, profileLinesAsSentences } from './bullets.js';
import { endingsFirst } from './endings-first.js';
import { movedHereNamed } from './moved-here.js';
import { asAuthorWrote } from './user-voice.js';
import { notesAsStatements } from './note-lines.js';
import { classifyFact } from './classify.js';
import { dateOf } from './calendar.js';
import { ASSISTANT, parseConversation, USER } from './conversation.js';
import { aboutMeBullets } from './about-me-bullets.js';
import { groupChatTurns } from './group-chat.js';
import { newsInParentheses } from './news-in-parentheses.js';
import { Discourse, selfIntroducedName } from './discourse.js';
import { nameFromEntityContext, type Voices } from './first-person.js';
import { capitalise, factsOfClause, MAX_FACT_CHARS } from './sentence-facts.js';
import { asideOf, cleanSentence, isRoughDay, restoreImpliedSubject, splitClauses } from './statements.js';
import { escapeRe } from '../text/regex-escape.js';
import type { ExtractedFact, ExtractionResult, FactExtractor, SourceDocument, Turn } from './types.js';
import { turnEvent } from './turn-events.js';
import { untoldEvent } from './untold-sentences.js';
import { signatureStatement } from './signature.js';
import { withoutDatedLabels } from './dated-notes.js';
import { answerInFrame, confirmedStatement } from './answer-frames.js';
import { statementBehindLead } from './lead-clauses.js';
import { withoutLeadLabel } from './lead-labels.js';
import { withoutCatchUpLead } from './announcement-leads.js';
import { newNumberStated, requestedSetting } from './setting-requests.js';
import { predicatesApart } from './joined-predicates.js';
import { handoversAsLeads } from './handovers.js';
import { headingNewsAsLines } from './heading-news.js';
import { meetingLeadResolved } from './meeting-leads.js';
import { pastAndPresent, previousPlace } from './past-values.js';
import { normaliseTyping, typedSentences } from './user-typing.js';
import { authorsSlot, weekdayFirst } from './slot-statements.js';
import { nextEmployer } from './job-changes.js';
import { clearsRejected, RETRACTION_BREAK, retraction } from './retractions.js';
import { CORRECTION_CUE, correctsOf, valueCorrection, type ValueCorrection } from './rejected-values.js';

export { MAX_FACT_CHARS };

/**
 * The offline extractor: facts from a document without a model, by rules and compromise's lexicon. A chat is read
 * turn by turn, each sentence with its turn's speaker and date (an assistant's turns give none); a short plain
 * document is a note written by the add's entity (or "the user"), a long one is someone else's text where only
 * sentences naming the user count; "label: value" lines of notes (budget, deadline, lead) are facts of their heading.
 * The user is named once they say their name (or the entity context does); "she", "he" and "there" resolve against
 * the conversation (earlier turns of an appended one included), and a sentence whose pronoun has no clear
 * antecedent is dropped. Deterministic and cheap: well under a millisecond per chat turn, bounded for huge documents.
 */

/** At most this many facts come out of one document. */
export const MAX_FACTS = 200;
/** Longer sentences are not atomic statements (lists, pasted text): they are skipped. */
export const MAX_SENTENCE_CHARS = 400;
/** Sentences examined per document, at most (the work bound: ~0.1 ms each). */
export const MAX_SENTENCES = 500;
/** Characters segmented per turn or plain document, at most. */
export const MAX_SCAN_CHARS = 100_000;
/** A chat turn longer than this many sentences is pasted material (an article, a chapter), not the speaker's words. */
export const MAX_TURN_SENTENCES = 30;
/** A plain (not chat) document longer than this many sentences is not the user's note: only sentences naming the user count. */
const SHORT_NOTE_SENTENCES = 10;
const PHOTO = /\s*\(shares? (?:a )?photo:\s*([^()]*)\)\s*$/i;

/** The offline fact extractor (no model, no network). */
export function createOfflineExtractor(maxFacts = MAX_FACTS): FactExtractor {
  return { kind: 'offline', extract: async (doc) => extractFacts(doc, maxFacts) };
}

/** The facts of one document, deterministically. */
export function extractFacts(source: SourceDocument, maxFacts = MAX_FACTS, formsRead = false): ExtractionResult {
  // A JSON record, a quoted email thread, a phone's chat export, a voice note: read as plain text first (content-forms.ts).
  const parts = formsRead ? null : readForms(source);
  if (parts)
    return joinExtractions(
      parts.map((part) => extractFacts(part, maxFacts, true)),
      maxFacts,
    );
  // Long runs of blank lines, spaces or one mark cut to a few (bounded-runs.ts): the patterns below read them in n².
  const doc = { ...source, content: boundRuns(source.content), ...(source.previous ? { previous: boundRuns(source.previous) } : {}) };
  const entityName = nameFromEntityContext(doc.entityContext);
  const turns = groupChatTurns(doc.content, unlessHeadedNotes(doc.content, unlessOnlyLabels(parseConversation(doc.content, doc.documentDate, entityName))), entityName);
  const chat = turns !== null;
  const before = doc.previous?.trim() ? (parseConversation(doc.previous, doc.documentDate, entityName) ?? [{ speaker: entityName ?? USER, content: doc.previous, timestamp: null }]) : [];
  // "Best,\nHannah Okafor\nDirector of Product | Veridian": a signature's title is a statement of the signer's.
  const signed = chat ? null : signatureStatement(withoutDatedLabels(doc.content));
  const content = chat
    ? doc.content
    : profileLinesAsSentences(
        notesAsStatements(petFieldsAsStatements(contactsWithTitles(personLabelledLines(aboutMeBullets(headingNewsAsLines(signed?.statement ? `${signed.body}\n\n${signed.statement}` : signed!.body)))))),
      );
  const bullets = chat ? null : bulletFacts(content, doc.title, doc.documentDate);
  const body =
    bullets && bullets.lines.size > 0
      ? content
          .split(/\r\n?|\n/)
          .filter((_, i) => !bullets.lines.has(i))
          .join('\n')
      : content;
  // "# Personal details (updated)": a personal note's heading says whose the lines are, it states nothing.
  const noteBody = chat ? body : body.replace(/^\s*#{1,6}\s+(?:(?:my|personal|private)\b|about me\b|(?:health|medical)\b).*$/gimu, '');
  // The user's name: the entity context's, else the one the user gives ("My name is Maya"), earlier turns included.
  const learned = entityName ? null : learnUserName([...before, ...(turns ?? [{ speaker: USER, content: noteBody, timestamp: null }])]);
  // "Kind regards,\nMarta Nowak\nHead of Analytics": the signer of a short note is its author, the "I" of its body.
  const userName = entityName ?? learned ?? signed?.signer ?? null;
  const rename = (t: Turn): Turn => (learned && t.speaker === USER ? { ...t, speaker: learned } : t);
  // "Shifted here for work": a move here is to the place the turn named before it.
  const all: Turn[] = (turns ?? [{ speaker: userName ?? USER, content: noteBody, timestamp: null }]).map((t) => ({ ...rename(t), content: movedHereNamed(t.content) }));
  const earlier = before.map(rename);
  const speakers = [...new Set([...earlier, ...all].map((t) => t.speaker))];
  const humans = speakers.filter((s) => s !== ASSISTANT);
  // Who the user is: the role "user" (named or not), or the one person talking to an assistant.
  const users = new Set([USER, ...(userName ? [userName] : []), ...(speakers.includes(ASSISTANT) && humans.length === 1 ? humans : [])]);
  const names = [...new Set(humans.filter((s) => s !== USER).flatMap((s) => [s, s.split(/\s+/)[0]!]))];
  const mentions = names.length > 0 ? new RegExp(`\\b(?:${names.map(escapeRe).join('|')})\\b`) : null;
  const discourse = new Discourse();
  const facts: ExtractedFact[] = [];
  const seen = new Set<string>();
  let pasted = 0;
  let budget = MAX_SENTENCES;
  let truncated = false;
  // The timestamp of the turn being read: a chat export spanning months states each fact on its own turn's date.
  let stamp: string | null = null;
  const push = (fact: ExtractedFact) => {
    const key = fact.text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (seen.has(key) || facts.length >= maxFacts) return;
    seen.add(key);
    facts.push(stamp ? { ...fact, statedAt: stamp } : fact);
  };
  for (const fact of bullets?.facts ?? []) push(fact);
  const voicesOf = (turn: Turn): Voices => {
    const other = speakers.length === 2 ? speakers.find((s) => s !== turn.speaker)! : null;
    // What a user tells an assistant about "you" is about the assistant: nothing to remember.
    return { speaker: turn.speaker, listener: other === ASSISTANT ? null : other };
  };

  // The assistant's last turn: a short answer after it is read in its frame ("Which city?" / "Cork, actually").
  let asked: string | null = null;
  // Earlier turns of an appended conversation: context only.
  for (const turn of earlier) {
    asked = turn.speaker === ASSISTANT ? turn.content : null;
    if (turn.speaker !== ASSISTANT) {
      for (const span of sentenceSpans(turn.content, 0, Math.min(turn.content.length, MAX_SCAN_CHARS)).slice(-MAX_TURN_SENTENCES)) {
        const sentence = cleanSentence(turn.content.slice(span.start, span.end), names);
        discourse.observe(sentence, turn.speaker);
        discourse.observeThings(sentence, turn.speaker);
      }
    }
    discourse.nextTurn();
  }

  // The facts of the last turn read, and the other speaker they were about ("Priya: Dan just started at Wise").
  let reported: { from: number; about: string | null } | null = null;
  for (const turn of all) {
    // Facts are about the people of the container tag; an assistant's advice is not one of them.
    if (turn.speaker === ASSISTANT || facts.length >= maxFacts) {
      asked = turn.speaker === ASSISTANT ? turn.content : null;
      discourse.nextTurn();
      continue;
    }
    const date = dateOf(turn.timestamp) ?? dateOf(doc.documentDate);
    // "Dan: lol no, that's my brother Sam": the last turn's report about Dan was Sam's news.
    const other = chat && reported && reported.about !== null && turn.speaker === reported.about ? otherSubjectOf(turn.content) : null;
    if (other && reported) for (let i = reported.from; i < facts.length; i++) if (facts[i]!.subject === turn.speaker) facts[i] = reattributed(facts[i]!, turn.speaker, other);
    stamp = turn.timestamp;
    const voices = voicesOf(turn);
    const speakerAliases = users.has(turn.speaker) && turn.speaker !== USER ? [USER] : [];
    // "So you're in Denver now?" / "yep, since March": the assistant's question, confirmed, is the user's statement.
    const confirmed = confirmedStatement(asked, turn.content);
    let body = confirmed ? confirmed.rest : answerInFrame(asked, turn.content);
    asked = null;
    // "PureGym? not anymore, cancelled the membership": the echoed name is what the answer changes.
    if (chat) body = foldTopicEcho(body);
    // "adopted a greyhound!! her name is juno": the name joins the newcomer it names.
    // "Promoted!! Senior engineer as of Monday.", "We've moved! Leeds is lovely.": the change takes its value.
    // "Priya update: left Google. now at Stripe": the label's person is the subject of its line.
    body = newNumberStated(newsInParentheses(changeWithItsValue(nameGivenByUs(chat ? petFieldsAsStatements(contactsWithTitles(personLabelledLines(body))) : body))));
    const photo = chat ? PHOTO.exec(body) : null;
    if (photo) body = body.slice(0, photo.index);
    const spans = sentenceSpans(body, 0, Math.min(body.length, MAX_SCAN_CHARS));
    if (chat && spans.length > MAX_TURN_SENTENCES) {
      pasted++;
      discourse.nextTurn();
      continue;
    }
    if (body.length > MAX_SCAN_CHARS) truncated = true;
    // A long list of the author's own notes ("- Moved to Porto in May", "- My manager is Rita") is a personal note
    // however many lines it has; long prose is an article whose "I" is its writer.
    const plainLong = !chat && spans.length > SHORT_NOTE_SENTENCES && !isPersonalList(body);
    const context = { voices, names, date, chat, plainLong, mentions, discourse, speakerAliases };
    const before = facts.length;
    if (confirmed) {
      // Only catalogued facts: a yes to "you had a good week?" states nothing worth keeping.
      // "Just to confirm, you work at Bosch, not Siemens?" / "yes": a confirmed correction.
      const fix = valueCorrection(confirmed.statement);
      for (const clause of splitClauses(restoreImpliedSubject(cleanSentence(fix ? fix.statement : confirmed.statement, names)))) {
        for (const fact of factsOfClause(clause, context)) if (fact.attribute) push(fix && fact.text.toLowerCase().includes(fix.meant.toLowerCase()) ? { ...fact, corrects: correctsOf(fix) } : fact);
      }
    }
    // "Today was one of those days. Rain all morning, the bus was late, and I spilled coffee": after a mood of the day,
    // a sentence listing the day's happenings is that mood, not facts (a catalogued fact in it still counts).
    let mood = false;
    // Values the author took back in this turn ("no wait, not sulfa, it's codeine").
    const rejected: string[] = [];
    for (const span of spans) {
      if (budget-- <= 0 || facts.length >= maxFacts) break;
      const sentence: ExtractedFact[] = [];
      // Typing normalised and an implied "I" restored before splitting, so "sold the civic and bought a Tesla"
      // splits like "I sold the Civic and bought a Tesla".
      const raw = normaliseTyping(body.slice(span.start, span.end));
      // "shes great. i work on payments": a sentence typed without its capital is a sentence all the same.
      // "Kai called, he's moved to Kyoto" → "Kai has moved to Kyoto"; "I used to X, now I Y" → two statements, the past first.
      // "My title is Senior Analyst - scratch that, it's Lead Analyst": a retraction after a dash is a sentence of its own.
      const stated = (chat || !plainLong ? typedSentences(raw).flatMap((t) => t.split(RETRACTION_BREAK)) : [raw]).flatMap((t) =>
        chat || !plainLong
          ? appositiveRelation(teamHere(rentPaidAlone(predicatesApart(requestedSetting(withoutCatchUpLead(meetingLeadResolved(t)))))))
              .flatMap(partnerInApposition)
              .flatMap((a) => pastAndPresent(statementBehindLead(a)))
          : [t],
      );
      // "Ray's HbA1c still high, metformin now 1000mg": a medication note is a statement of who takes what.
      for (const labelled of chat || !plainLong ? stated.flatMap(doseStatements) : stated) {
        // "Team notes: Marco works at Accenture", "As of May 2026, Hannah lives in Basel": the statement after the label.
        const unlabelled = withoutLeadLabel(chat || !plainLong ? weekdayFirst(labelled) : labelled);
        // "the standup moved to Tuesdays": a recurring slot said with no person is the author's.
        const typed = chat || !plainLong ? (authorsSlot(unlabelled) ?? unlabelled) : unlabelled;
        // "The user lives in Lisbon" in a profile note is the user's own fact, as "I live in Lisbon" would be.
        const voiced = !chat && !plainLong ? asAuthorWrote(typed) : typed;
        const whole = chat || !plainLong ? restoreImpliedSubject(cleanSentence(voiced, names)) : typed;
        if (isRoughDay(whole)) mood = true;
        // "Sulfa is fine." after taking sulfa back: nothing more to keep.
        if (rejected.length > 0 && clearsRejected(whole, rejected)) continue;
        // "sorry, I meant Spotify": the author's previous fact, with the value they meant.
        const corrected = chat || !plainLong ? correction(whole, facts, chat ? turn.speaker : null) : null;
        if (corrected) {
          sentence.push(corrected);
          continue;
        }
        // "no wait, it's a 2017", "typo above, it's AB positive": the value replaces its like in the author's last fact.
        const retracted = chat || !plainLong ? retraction(typed, [...facts, ...sentence], chat ? turn.speaker : null) : null;
        if (retracted) {
          if (retracted.rejected) rejected.push(retracted.rejected);
          const at = facts.indexOf(retracted.old);
          if (at >= 0) facts[at] = retracted.fact;
          else sentence.splice(sentence.indexOf(retracted.old), 1, retracted.fact);
          continue;
        }
        // "Quick fix: it's Braga, not Porto", "I said Tuesday earlier but it's on Thursdays": the statement without the
        // rejected value, its facts marked as correcting it; a bare value is a correction of its own.
        const fix = CORRECTION_CUE.test(body) ? valueCorrection(whole, body) : null;
        const said = fix ? restoreImpliedSubject(cleanSentence(fix.statement, names)) : whole;
        const own: ExtractedFact[] = [];
        for (const clause of splitClauses(itAsEarlierObject(pairAsObject(relationFirst(oneAsEarlierNoun(withoutFarewell(unframed(withoutOwnAside(ownPlanGivenUp(said))))))))).flatMap(previousPlace)) {
          if (clause.length > MAX_SENTENCE_CHARS) continue;
          own.push(...factsWithoutAside(clause, context));
        }
        if (fix) {
          const marked = own.filter((f) => f.text.toLowerCase().includes(fix.meant.toLowerCase())).map((f) => ({ ...f, corrects: correctsOf(fix) }));
          // A single statement whose value was rewritten (a weekday become a date) still corrects; a bare value is one.
          const single = own.length === 1 ? [{ ...own[0]!, corrects: correctsOf(fix) }] : own;
          sentence.push(...(marked.length > 0 ? marked : own.length > 0 ? single : [correctionFact(fix, chat ? turn.speaker : (userName ?? USER), date, chat)]));
        } else sentence.push(...own);
      }
      const daysList = mood && isListOfHappenings(raw);
      for (const fact of joinedInstead(sentence)) if (!daysList || fact.attribute) push(fact);
    }
    // "I switched jobs. I'm at Canva now": a job change said anywhere in the turn names the next employer.
    facts.splice(before, facts.length - before, ...nextEmployer(facts.slice(before)));
    // A turn of a chat between people that told what happened, with no fact of the kinds above: one event in the
    // speaker's words; with facts, one event of the news sentences they leave out (untold-sentences.ts). With an
    // assistant, a turn is an answer to it or a request: nothing to quote.
    reported = { from: before, about: facts.slice(before).find((f) => f.subject !== turn.speaker && f.subject !== null && humans.includes(f.subject))?.subject ?? null };
    const event =
      !chat || speakers.includes(ASSISTANT)
        ? null
        : facts.length === before
          ? turnEvent({ speaker: turn.speaker, content: body }, date, names)
          : untoldEvent({ speaker: turn.speaker, content: body }, facts.slice(before), date, names);
    if (event) push(event);
    if (photo?.[1]?.trim()) {
      const caption = photo[1].trim().replace(/^(?:a|an)\s+(?:photo|photograph|photography|picture|image)\s+of\s+/i, '');
      push({
        text: `${capitalise(turn.speaker)} shared a photo of ${caption.replace(/[.\s]+$/, '')}.`,
        isStatic: false,
        eventDate: date,
        forgetAfter: null,
        subject: turn.speaker,
        attribute: null,
        speaker: chat ? turn.speaker : null,
      });
    }
    discourse.nextTurn();
  }
  const introduced = before.length === 0 || learnUserName(before) !== learned ? introducedNameFact(learned, facts) : null;
  if (introduced) push(introduced);
  const notes = [
    ...(facts.length >= maxFacts ? [`capped at ${maxFacts} facts`] : facts.length === 0 ? ['no statement about a person found'] : []),
    ...(pasted > 0 ? [`skipped ${pasted} turn(s) of more than ${MAX_TURN_SENTENCES} sentences (pasted text)`] : []),
    ...(truncated || budget < 0 ? [`read the first ${MAX_SENTENCES} sentences and ${MAX_SCAN_CHARS} characters of each part only`] : []),
  ];
  const read = handoversAsLeads(endingsFirst(newHomesInDistricts(homeAfterLeaving(facts))));
  return notes.length > 0 ? { facts: read, note: notes.join('; ') } : { facts: read };
}

/**
 * The facts of a clause whose statement is followed by a remark ("Dana's at EY these days, she switched in the
 * spring and loves it"): the statement's facts, and the remark's only when it states a catalogued fact of its own
 * (not an opinion), so the memory holds the fact without the aside (and without an old value the aside names).
 */
function factsWithoutAside(clause: string, context: Parameters<typeof factsOfClause>[1]): ExtractedFact[] {
  const aside = asideOf(clause);
  if (aside) {
    const main = factsOfClause(aside.main, context);
    if (main.some((f) => f.attribute)) return [...main, ...factsOfClause(aside.aside, context).filter((f) => f.attribute && !f.attribute.startsWith('opinion:'))];
  }
  return factsOfClause(clause, context);
}

/**
 * "I left Hillside gym and joined BoulderBarn instead": what the subject joined in the same sentence as leaving a
 * group is a group of the same kind (membership:gym), not an employer.
 */
function joinedInstead(facts: ExtractedFact[]): ExtractedFact[] {
  const left = facts.find((f) => f.attribute?.startsWith('membership:') && /\b(?:left|quit|cancell?ed|dropped out of)\b/i.test(f.text));
  if (!left) return nextEmployer(facts);
  return facts.map((f) => (f !== left && f.subject === left.subject && f.attribute === 'employer' && /\b(?:joined|signed up (?:at|with|for))\b/i.test(f.text) ? { ...f, attribute: left.attribute } : f));
}

/** A correction that names only values, about its author until the memory step finds what it corrects. */
function correctionFact(fix: ValueCorrection, speaker: string, date: string | null, chat: boolean): ExtractedFact {
  return {
    text: `Correction: ${fix.meant}, not ${fix.rejected}.`,
    isStatic: true,
    eventDate: date,
    forgetAfter: null,
    subject: speaker,
    attribute: null,
    speaker: chat ? speaker : null,
    corrects: correctsOf(fix),
  };
}

const MEANT = /^(?:I\s+meant|I\s+mean|meant)(?:\s+to\s+say)?\s+(?!(?:I|I'm|we|my|our|that|it|to|the user|you|he|she|they)\b)([^,.;!?]{1,40}?)\s*(?:[,.;!?]|$)/iu;

/**
 * "I work at Shopify. — sorry, I meant Spotify": the latest fact of the same speaker with a catalogue attribute, with
 * its value replaced by the one meant (the judge then files it as an update of the first). Null when the sentence is
 * not such a correction or there is nothing to correct.
 */
function correction(sentence: string, facts: readonly ExtractedFact[], speaker: string | null): ExtractedFact | null {
  const m = MEANT.exec(sentence);
  const meant = m?.[1]!.trim();
  if (!meant || meant.split(/\s+/).length > 4) return null;
  // Of the speaker's last few facts, the one whose value is spelled most like the value meant ("Shopify" → "Spotify").
  let best: { fact: ExtractedFact; value: string; distance: number } | null = null;
  for (let i = facts.length - 1, seen = 0; i >= 0 && seen < 6; i--) {
    const f = facts[i]!;
    if (f.speaker !== speaker || !f.attribute || !f.subject) continue;
    seen++;
    const value = classifyFact(f.text, f.subject, 'present', false).facets.find((x) => attributeKey(x.id, x.object) === f.attribute || x.id === f.attribute)?.value;
    if (!value || !f.text.includes(value)) continue;
    const distance = editDistance(value.toLowerCase(), meant.toLowerCase()) / Math.max(value.length, meant.length);
    if (!best || distance < best.distance) best = { fact: f, value, distance };
  }
  return best ? { ...best.fact, text: best.fact.text.replace(best.value, meant) } : null;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The name the user gives for themselves in their own turns, if any. */
function learnUserName(turns: readonly Turn[]): string | null {
  for (const t of turns) {
    if (t.speaker !== USER) continue;
    const name = selfIntroducedName(t.content.slice(0, 2000));
    if (name) return name;
  }
  return null;
}

/** "Rain all morning, the bus was late, and I spilled coffee on my notes": three or more happenings in one sentence. */
function isListOfHappenings(sentence: string): boolean {
  return sentence.split(/\s*,\s*(?:and\s+|then\s+)?|\s*;\s*|\s+and\s+(?=(?:I|the|my|it|then)\b)/i).filter((part) => /\p{L}{2,}/u.test(part)).length >= 3;
}

const LIST_LINE = /^\s*(?:[-*+•]\s|\d{1,2}[.)]\s|#{1,6}\s|\|)/;
const OWN_WORDS = /\b(?:I|I'm|I've|I'd|my|me|we|our)\b/;

/** Mostly list items and headings, with the author's first person in at least two items. */
function isPersonalList(body: string): boolean {
  const lines = body.split(/\r\n?|\n/).filter((l) => l.trim() !== '');
  const listed = lines.filter((l) => LIST_LINE.test(l));
  return lines.length > 0 && listed.length / lines.length >= 0.6 && listed.filter((l) => OWN_WORDS.test(l)).length >= 2;
}
