/**
 * Issue 26, round 11: "my sister" in a question is the sister the memories name. "where does my sister live?" with
 * "The user's sister is Marta." asks about Marta, and the kinship fact itself says who she is, not where she lives.
 */
import { describe, expect, it } from 'vitest';
import { subjectsOf } from '../../../src/services/memory-subjects.js';
import { memoryRecord } from '../../helpers/memories.js';

describe('a relative the question names by kinship', () => {
  const kinship = memoryRecord({ memory: "The user's sister is Marta.", subject: 'the user', attribute: 'family:sister' });
  const moved = memoryRecord({ memory: 'Marta moved to Coimbra.', subject: 'Marta', attribute: 'residence' });
  const brother = memoryRecord({ memory: 'Tiago lives in Braga.', subject: 'Tiago', attribute: 'residence' });
  const own = memoryRecord({ memory: 'The user lives in Porto.', subject: 'the user', attribute: 'residence' });

  it('is the one person the kinship facts name', () => {
    const subjects = subjectsOf('where does my sister live?', [kinship, moved, brother, own]);
    expect(subjects.match(moved)).toBe(1);
    expect(subjects.match(brother)).toBe(-1);
    expect(subjects.match(own)).toBe(-1);
    expect(subjects.resolvesRelative(kinship)).toBe(true);
    expect(subjects.resolvesRelative(moved)).toBe(false);
  });

  it('names no one when the relation is another one, or two people share it', () => {
    expect(subjectsOf('where does my brother live?', [kinship, moved]).match(moved)).toBe(0);
    const second = memoryRecord({ memory: "The user's sister is Ines.", subject: 'the user', attribute: 'family:sister' });
    const ines = memoryRecord({ memory: 'Ines lives in Faro.', subject: 'Ines', attribute: 'residence' });
    expect(subjectsOf('where does my sister live?', [kinship, second, moved, ines]).match(moved)).toBe(0);
  });

  it('a mother is a mom: the kinship words are read by relation', () => {
    const mom = memoryRecord({ memory: "The user's mom is called Grace.", subject: 'the user', attribute: 'family:mother' });
    const grace = memoryRecord({ memory: 'Grace lives in Ohio.', subject: 'Grace', attribute: 'residence' });
    expect(subjectsOf('where does my mother live?', [mom, grace]).match(grace)).toBe(1);
  });
});
