/**
 * The subject + attribute pairs the memory store tests ask for in one read (findMemoryDatesBySubjects): subjects in mixed case (lookups fold it), one pair asked twice in another case, and a
 * pair no memory has. The MemoryStore contract (memory-contract.ts) seeds memories for them; the SQLite query-plan
 * test (sqlite-memories.test.ts) reads them.
 */
export const ASKED_PAIRS: readonly { subject: string; attribute: string }[] = [
  { subject: 'ELI', attribute: 'residence' },
  { subject: 'dana', attribute: 'likes' },
  { subject: 'Eli', attribute: 'residence' },
  { subject: 'Eli', attribute: 'diet' },
  { subject: 'Noor', attribute: 'diet' },
];
