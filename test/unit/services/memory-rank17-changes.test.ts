/**
 * Issue 26, round 16 (rank17, ask16 leftovers and ask17): changes said in other words than the fact they replace. A move
 * without a residence ("sold the house and moved to Kinsale"), a return from a stay ("back in the London flat"), a
 * subjectless former address beside the move of the same email, a denial of an allergy spelled another way, and a diet
 * said in care notes filed under no attribute.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../src/core/types.js';
import { attributeEvidence, typoKey } from '../../../src/services/memory-ranking.js';
import { textSubject } from '../../../src/services/memory-subjects.js';
import { fact, order, plainFact } from './memory-ranking-fixture.js';

const hit = (memory: MemoryRecord, similarity: number) => ({ memory, similarity });
const inDocument = (m: MemoryRecord, documentId: string): MemoryRecord => ({ ...m, documentIds: [documentId] });

describe('moves and stays said without a residence', () => {
  it('puts the parents\' move ("mum and Dad ... moved to Kinsale", filed under one parent) above "parents live in Cork"', () => {
    const cork = plainFact("The user's parents live in Cork.", 'the user', null, '2026-01-06');
    const kinsale = plainFact("The user's mum and Dad sold the house and moved to Kinsale.", "the user's mother", null, '2026-09-09');
    expect(order([hit(cork, 0.9), hit(kinsale, 0.22)])[0]).toBe(kinsale.memory);
    expect(textSubject(kinsale)).toBe("the user's parents");
    expect(textSubject(cork)).toBe("the user's parents");
    // One parent alone, or the parents named by "is", stay as filed.
    expect(textSubject({ subject: 'the user', memory: "The user's mum's got a Yaris now." })).toBe("the user's mother");
    expect(textSubject({ subject: 'the user', memory: "The user's parents are Irish." })).toBe('the user');
  });

  it('leaves a home alone for a planned move, a move of someone else, and a job move', () => {
    const cork = plainFact('Aoife lives in Cork.', 'Aoife', null, '2026-01-06');
    for (const [text, subject] of [
      ['Aoife is moving to Kinsale in May.', 'Aoife'],
      ['Aoife wants to have moved to Kinsale by May.', 'Aoife'],
      ['Sinead moved to Kinsale.', 'Sinead'],
    ] as const)
      expect(order([hit(cork, 0.9), hit(plainFact(text, subject, null, '2026-09-09'), 0.2)])[0], text).toBe(cork.memory);
    const job = fact('Aoife moved to Deloitte in Dublin.', 'Aoife', 'employer', '2026-09-09');
    expect(order([hit(cork, 0.9), hit(job, 0.2)])[0]).toBe(cork.memory);
  });

  it('puts "back in the London flat" above a stay for two weeks said before it, not above a home', () => {
    const devon = plainFact("Working from the user's parents' place in Devon for two weeks while the flat is being painted.", 'the user', null, '2026-05-04');
    const back = plainFact('The user is back in the London flat.', 'the user', 'location', '2026-05-20');
    expect(order([hit(devon, 0.646), hit(back, 0.005)])[0]).toBe(back.memory);
    const home = fact('The user lives in Devon.', 'the user', 'residence', '2026-05-04');
    expect(order([hit(home, 0.646), hit(back, 0.005)])[0]).toBe(home.memory);
    // Back before the stay was said: no return from it.
    const earlier = plainFact('The user is back in the London flat.', 'the user', 'location', '2026-04-20');
    expect(order([hit(devon, 0.646), hit(earlier, 0.005)])[0]).toBe(devon.memory);
  });

  it('puts "back in Berlin" above an older "based in Lisbon now" of the same person, not a planned return', () => {
    const lisbon = plainFact('Chloe is based in Lisbon now, so 9:30 is fine for Chloe.', 'Chloe', null, '2026-02-02');
    const berlin = plainFact('Chloe is back in Berlin as of this week.', 'Chloe', null, '2026-05-18');
    expect(order([hit(lisbon, 1), hit(berlin, 0.3)])[0]).toBe(berlin.memory);
    const planned = plainFact('Chloe is in Rome until June, then back in Berlin.', 'Chloe', null, '2026-05-18');
    expect(order([hit(lisbon, 1), hit(planned, 0.3)])[0]).toBe(lisbon.memory);
  });

  it('puts "back to eating normally" above "gave up on keto" of the same chat, not a move back to a place', () => {
    const gaveUp = plainFact('The user gave up on keto.', 'the user', null, '2026-03-22');
    const normal = plainFact('The user is back to eating normally, just trying to cut out sugar.', 'the user', null, '2026-03-22');
    expect(order([hit(gaveUp, 0.807), hit(normal, 0.449)])[0]).toBe(normal.memory);
    const leeds = plainFact('The user is back to Leeds for good.', 'the user', null, '2026-03-22');
    expect(order([hit(gaveUp, 0.807), hit(leeds, 0.449)])[0]).toBe(gaveUp.memory);
  });

  it('puts the move of the same email above "The Brighton address is no longer valid." (no subject), not a former thing that is no home', () => {
    const gone = inDocument(plainFact('The Brighton address is no longer valid.', null, null, '2026-06-01'), 'd2');
    const moved = inDocument(plainFact('The user has moved, so anything posted should now go to 7 Harbour Street, Whitstable CT5 1AJ.', 'the user', null, '2026-06-01'), 'd2');
    expect(order([hit(gone, 0.98), hit(moved, 0.78)])[0]).toBe(moved.memory);
    const gym = inDocument(plainFact('The old gym is no longer open.', null, null, '2026-06-01'), 'd2');
    expect(order([hit(gym, 0.98), hit(moved, 0.78)])[0]).toBe(gym.memory);
  });
});

describe('a denial of a keyed value spelled another way', () => {
  it('puts "NOT allergic to penicillin" above the older "allergic to penicilin", not a denial of something else', () => {
    const allergy = fact('The user is allergic to penicilin btw, found out the hard way.', 'the user', 'allergy:penicilin btw', '2026-01-10');
    const denial = plainFact('The user had the allergy test at the hospital, turns out the user is NOT allergic to penicillin.', 'the user', null, '2026-03-02');
    expect(order([hit(allergy, 0.867), hit(denial, 0.746)])[0]).toBe(denial.memory);
    const latex = plainFact('Turns out the user is NOT allergic to latex.', 'the user', null, '2026-03-02');
    expect(order([hit(allergy, 0.867), hit(latex, 0.746)])[0]).toBe(allergy.memory);
    const earlier = plainFact('The user is not allergic to penicillin, says the GP.', 'the user', null, '2025-12-01');
    expect(order([hit(allergy, 0.867), hit(earlier, 0.746)])[0]).toBe(allergy.memory);
    expect(typoKey('Penicilin')).toBe(typoKey('penicillin'));
  });
});

describe('a diet said under no attribute', () => {
  it('is evidence for a question that asks the diet, and only for it', () => {
    expect(attributeEvidence(['diet'], { attribute: null, memory: 'Diet changed to soft and bite-sized, no bread.' })).toBe(1);
    expect(attributeEvidence(['diet'], { attribute: null, memory: 'Tom is pescatarian these days.' })).toBe(1);
    expect(attributeEvidence(['diet'], { attribute: null, memory: "Arthur's swallowing has got worse." })).toBe(0);
    expect(attributeEvidence(['residence'], { attribute: null, memory: 'Diet changed to soft and bite-sized, no bread.' })).toBe(0);
  });
});
