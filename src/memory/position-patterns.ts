import { ADV, CAP, f, type Build } from './attribute-words.js';

/**
 * Jobs said by department or by a position taken (issue 26, blind22): "works in sales at HubSpot", "works in
 * regulatory affairs at Siemens Healthineers" had no attribute, so a later job never replaced them; "is starting a new
 * position as Regulatory Affairs Manager at Roche" was no employer either; "is starting a PhD at ETH Zürich" was no
 * education, so the master's before it stayed current. Tried after the other work and study patterns.
 */
export const POSITION_PATTERNS: [RegExp | RegExp[], Build][] = [
  // "works in sales at HubSpot", "has worked in HR for Unilever": the department, then the organisation.
  [new RegExp(String.raw`^\s+${ADV}(?:works?|is working|has worked|has been working)\s+in\s+(?!the\s+(?:moment|meantime)\b)(?:[\p{Ll}&/-]+,?\s+){1,4}?(?:at|for)\s+${CAP}`, 'u'), (g) => f('employer', g.v)],
  // "is starting a new position as X at Roche", "is taking up a role as X with Arup": a job taken now.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:is|'s|am|'m)\s+(?:starting|beginning|taking up|taking on)\s+(?:a|an|the|my|his|her|their)\s+(?:new\s+)?(?:job|position|role|post)\s+(?:as\s+(?:an?\s+)?[\p{L}\s-]+?\s+)?(?:at|with|for)\s+${CAP}`,
      'iu',
    ),
    (g) => f('employer', g.v, { future: false }),
  ],
  // "is starting a PhD at ETH Zürich", "started her master's at UCL": a course of study begun is where one studies.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:is|'s|am|'m|has|have)?\s*(?:starting|beginning|started|began|begun|doing|enrolled in|enrolling in)\s+(?:a|an|the|my|his|her|their|the user's)\s+(?:(?:new|second|first)\s+)?(?:PhD|Ph\.D\.?|doctorate|master's|masters|MSc|MA|MBA|MPhil|BSc|BA|bachelor's|degree|postdoc)(?![\p{L}])[^.;!?]{0,60}?\s(?:at|with)\s+${CAP}`,
      'u',
    ),
    (g) => f('education', g.v, { future: false }),
  ],
];
