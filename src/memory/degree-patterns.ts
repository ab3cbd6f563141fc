import { ADV, f, type Build } from './attribute-words.js';

/**
 * Degrees and fields of study said as an event or a possession: "finished his PhD in marine biology", "has a master's
 * in economics", "did her doctorate in law", "studied architecture", "graduated in nursing" → education (issue 26:
 * "What did Hamid study?" found no fact filed under education, so the question's attribute could not weigh in).
 */

const DEGREE = String.raw`(?:phd|ph\.d\.?|doctorate|dphil|master'?s(?:\s+degree)?|masters|msc|ma|mba|mphil|llm|bachelor'?s(?:\s+degree)?|bsc|ba|llb|md|degree|diploma)`;
const OWNER = String.raw`(?:(?:an?|the|his|her|their|the user's|\p{Lu}[\p{L}'-]*'s)\s+)?`;
const FIELD = String.raw`(?<v>[\p{L}][\p{L}' -]{2,40}?)(?=\s*(?:[,.;!?]|$|\s+(?:at|from|in\s+\d{4}|last|this|next|and|but|with|because|after|before|since)\b))`;

export const DEGREE_PATTERNS: [RegExp | RegExp[], Build][] = [
  // "finished his PhD in marine biology", "has a master's in economics", "is doing a PhD in chemistry".
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:(?:has|have)\s+(?:just\s+)?)?(?:finished|completed|earned|got|received|did|defended|has|have|holds|hold|is doing|is finishing|is working on|started|began)\s+${OWNER}(?:${DEGREE})\s+(?:in|on)\s+${FIELD}`,
      'iu',
    ),
    (g) => f('education', g.v),
  ],
  // "studied architecture", "graduated in nursing", "majored in history".
  [new RegExp(String.raw`^\s+${ADV}(?:studied|graduated\s+(?:in|with\s+a\s+degree\s+in)|majored\s+in)\s+(?!(?:a|an|the|some|abroad|for|hard|late|all|with|together|up|on)\b)${FIELD}`, 'iu'), (g) => f('education', g.v)],
];
