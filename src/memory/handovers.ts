import { attributeKey } from './attributes.js';
import type { ExtractedFact } from './types.js';

/**
 * A project's lead handed over in a sentence (issue 26, round 23): "Mia Wong takes over as Orion lead from today",
 * "Priya is the new Atlas owner", "Sam replaces Ben as lead of Helios", "Jo will lead Orion from June". A note's
 * "Lead: Ben Carter" line is filed as the lead of its project (bullets.ts: subject "Orion", attribute lead:orion);
 * the sentence was a fact of the new lead with no attribute, so the old lead stayed current. The handover is filed as
 * the same field: "The lead of Orion is Mia Wong." A lead of a team ("takes over as team lead") names no project and
 * stays as it is.
 */

const NAME = String.raw`(?<who>\p{Lu}\p{Ll}+(?:\s+\p{Lu}[\p{Ll}'’-]+){0,2})`;
const PROJECT = String.raw`(?<what>\p{Lu}[\p{L}\d-]*(?:\s+\p{Lu}[\p{L}\d-]*)?)`;
const ROLE = String.raw`(?<role>lead|owner|project lead|tech lead|project manager|PM)`;
const HANDOVERS = [
  // "Mia Wong takes over as Orion lead", "Sam replaces Ben as Helios owner", "Jo becomes the Atlas lead"
  new RegExp(String.raw`^${NAME}\s+(?:now\s+)?(?:takes|took|is taking|will take|has taken)\s+over\s+as\s+(?:the\s+)?(?:new\s+)?${PROJECT}\s+${ROLE}\b`, 'u'),
  new RegExp(String.raw`^${NAME}\s+(?:now\s+)?(?:replaces|replaced|will replace|is replacing|succeeds|succeeded)\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?\s+as\s+(?:the\s+)?${PROJECT}\s+${ROLE}\b`, 'u'),
  new RegExp(String.raw`^${NAME}\s+(?:is|becomes|became|will be|has become)\s+(?:now\s+)?the\s+new\s+${PROJECT}\s+${ROLE}\b`, 'u'),
  // "Mia Wong takes over as lead of Orion", "Sam is the new owner of Helios"
  new RegExp(String.raw`^${NAME}\s+(?:now\s+)?(?:takes|took|is taking|will take|has taken)\s+over\s+as\s+(?:the\s+)?(?:new\s+)?${ROLE}\s+(?:of|on|for)\s+(?:the\s+)?${PROJECT}(?:\s+project)?\b`, 'u'),
  new RegExp(String.raw`^${NAME}\s+(?:is|becomes|became|will be|has become)\s+(?:now\s+)?the\s+new\s+${ROLE}\s+(?:of|on|for)\s+(?:the\s+)?${PROJECT}(?:\s+project)?\b`, 'u'),
];
const NOT_A_PROJECT = /^(?:Team|The|A|An|Our|My|Their|His|Her|Interim|Acting|New|Senior|Junior|Design|Engineering|Product|Sales|Marketing|Tech)$/;

/** The facts, each handover of a project's lead filed as that project's lead. */
export function handoversAsLeads(facts: readonly ExtractedFact[]): ExtractedFact[] {
  return facts.map((fact) => {
    if (fact.attribute) return fact;
    for (const re of HANDOVERS) {
      const m = re.exec(fact.text);
      if (!m) continue;
      const what = m.groups!.what!.replace(/\s+project$/i, '');
      if (NOT_A_PROJECT.test(what.split(/\s+/)[0]!)) return fact;
      const noun = /owner/i.test(m.groups!.role!) ? 'owner' : 'lead';
      // The same key as a note's "Lead:" line of the project (bullets.ts FIELDS: lead, owner and manager are all "lead").
      return { ...fact, text: `The ${noun} of ${what} is ${m.groups!.who!}.`, subject: what, attribute: attributeKey('lead', what), isStatic: true };
    }
    return fact;
  });
}
