import { describe, expect, it } from 'vitest';
import { factsReader, latestMemories } from './memory-fixture.js';

/**
 * Review 23, F3 and F4: news in a heading about someone else, and CSV rows about other people, were read in the
 * author's voice and superseded the author's own home and employer.
 */

const read = factsReader('2026-03-04');
const rows = (content: string, date?: string) => read(content, date).map((f) => [f.subject, f.attribute, f.text]);
const texts = async (...docs: [string, string][]) => (await latestMemories(...docs)).map((m) => m.memory);

describe('review 23: heading news about another person (F3)', () => {
  it("a heading naming a relative does not move the author's home", async () => {
    const latest = await texts(['I live in Bristol.', '2026-01-10'], ['## Dad (update: moved into a care home)\n\nNeed to visit him more often.', '2026-03-04']);
    expect(latest).toContain('The user lives in Bristol.');
    expect(latest.join(' ')).not.toMatch(/The user moved into a care home/);
  });

  it("news under a parent heading naming a person is not the author's", () => {
    expect(read('# Sarah\n\n## Health (update: started chemo)\n\nShe is tired.').map((f) => f.text)).not.toContain('The user started chemo.');
  });

  it('a heading naming a known first name is not the author', () => {
    expect(read('## Anna (update: moved to Berlin)\n\nShe loves it.').filter((f) => f.subject === 'the user' && f.attribute === 'residence')).toEqual([]);
  });

  it("the author's own checklist heading still gives the author's move", () => {
    expect(rows('## Move checklist (done: moved to Leuven on 28 Feb)\n\n- [x] Sign the lease\n- [ ] Buy a bike rack')).toEqual([['the user', 'residence', 'The user moved to Leuven on 28 Feb.']]);
  });

  it("the author's own job-hunt heading still ends the old job", async () => {
    const latest = await texts(['I work at Canva.', '2026-01-10'], ['# Job hunt (update: accepted the Atlassian offer)\n\nStart in May.', '2026-03-04']);
    expect(latest).toContain('The user accepted a job at Atlassian.');
  });

  it("a heading that is a relative gives the news that relative's voice", () => {
    expect(read('## Dad (update: moved into a care home)').map((f) => f.text)).toEqual(["The user's dad moved into a care home."]);
  });
});

describe('review 23: CSV rows with a person column (F4)', () => {
  it("other people's rows do not replace the author's home and employer", async () => {
    const latest = await texts(['I live in Bristol and work at Acme.', '2026-01-10'], ['date,person,note\n2026-05-01,Anna,Moved to Berlin with her partner\n2026-05-03,Tom,Started a new job at Spotify', '2026-05-04']);
    expect(latest).toContain('The user lives in Bristol.');
    expect(latest.join(' ')).not.toMatch(/The user (?:moved to Berlin|started a new job at Spotify)/);
  });

  it('a first-name cell in an unnamed column is not the author either', () => {
    expect(read('date,who_id,note\n2026-05-01,x1,Moved to Berlin\n2026-05-03,x2,Started a new job at Spotify', '2026-05-04').filter((f) => f.subject === 'the user')).toEqual([]);
    expect(read('date,tag,note\n2026-05-01,Anna,Moved to Berlin\n2026-05-03,Tom,Started a new job at Spotify', '2026-05-04').filter((f) => f.subject === 'the user')).toEqual([]);
  });

  it("the author's own log is still read in the author's voice", async () => {
    const latest = await texts(['I work at Vestas.', '2026-01-05'], ['date,event,detail\n2026-02-27,employment_end,"Left Vestas after 4 years"\n2026-03-01,status,"Taking the spring off"', '2026-03-10']);
    expect(latest.join(' ')).not.toContain('The user works at Vestas.');
  });
});
