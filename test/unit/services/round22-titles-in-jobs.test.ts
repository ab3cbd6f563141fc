/**
 * Issue 26, round 22 (judge24, blind22's Aigerim): a fact filed as the employer that names the title answers a
 * question about the role (+1 evidence, not -1 as another attribute).
 */
import { describe, expect, it } from 'vitest';
import { attributeEvidence } from '../../../src/services/memory-ranking.js';

describe('a title said with the employer', () => {
  const lead = 'Lena Ortiz is still at Zalando, now team lead for the checkout squad.';

  it('counts as the role asked, and an employer alone does not', () => {
    expect(attributeEvidence(['role'], { attribute: 'employer', memory: lead })).toBe(1);
    expect(attributeEvidence(['role'], { attribute: 'employer', memory: 'Lena Ortiz works at Zalando.' })).toBe(-1);
  });
});
