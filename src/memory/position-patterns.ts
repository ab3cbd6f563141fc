import { ADV, CAP, f, type Build } from './attribute-words.js';

/**
 * Jobs said by department or by a position taken (issue 26, blind22): "works in sales at HubSpot", "works in
 * regulatory affairs at Siemens Healthineers" had no attribute, so a later job never replaced them; "is starting a new
 * position as Regulatory Affairs Manager at Roche" was no employer either. Tried after the other work patterns.
 */
export const POSITION_PATTERNS: [RegExp | RegExp[], Build][] = [
  // "works in sales at HubSpot", "has worked in HR for Unilever": the department, then the organisation.
  [
    new RegExp(String.raw`^\s+${ADV}(?:works?|is working|has worked|has been working)\s+in\s+(?!the\s+(?:moment|meantime)\b)(?:[\p{Ll}&/-]+,?\s+){1,4}?(?:at|for)\s+${CAP}`, 'u'),
    (g) => f('employer', g.v),
  ],
  // "is starting a new position as X at Roche", "is taking up a role as X with Arup": a job taken now.
  [
    new RegExp(String.raw`^\s+${ADV}(?:is|'s|am|'m)\s+(?:starting|beginning|taking up|taking on)\s+(?:a|an|the|my|his|her|their)\s+(?:new\s+)?(?:job|position|role|post)\s+(?:as\s+(?:an?\s+)?[\p{L}\s-]+?\s+)?(?:at|with|for)\s+${CAP}`, 'iu'),
    (g) => f('employer', g.v, { future: false }),
  ],
];
