import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';

/** Chat turns (written for this test, LoCoMo-style) whose only sentences are about the listener: no memory of the speaker's. */
const extractor = createOfflineExtractor();
const texts = async (turn: string) =>
  (await extractor.extract({ content: `[4:02 pm on 12 March, 2024] ${turn}`, title: null, type: 'text', documentDate: '2024-03-12T16:02:00.000Z', metadata: {}, entityContext: null })).facts.map((f) => f.text);

describe('remarks to the listener are not the speaker’s memories (round 23 audit)', () => {
  it('praise of the listener, or a verdict on what they showed, gives no memory', async () => {
    for (const turn of [
      'Priya: Thanks, Omar! Your kind message means a lot to me.',
      'Priya: Wow, Omar, you are doing such a great job with the community garden. It is lovely to watch how your work brings people together.',
      'Omar: That is a gorgeous quilt - the stitching must have taken ages.',
      'Omar: Sounds like your trip to the coast was a blast. You both look so relaxed in that picture.',
      "Priya: Looks like you had a wonderful weekend with the whole family. You're lucky to have them close.",
    ]) {
      expect(await texts(turn), turn).toEqual([]);
    }
  });

  it('the speaker’s own news beside a remark is kept, and an offer or a question to the listener still is', async () => {
    const beside = await texts('Omar: Your garden looks wonderful. The kids and I planted tomatoes along the fence last weekend.');
    expect(beside.join(' ')).toMatch(/tomatoes/);
    expect(beside.join(' ')).not.toMatch(/garden looks wonderful/);
    expect((await texts('Priya: Yeah Omar, soil is everything. I could lend you my compost bin if you want.')).join(' ')).toMatch(/compost bin/);
    expect((await texts('Omar: You should come down and join me at the climbing gym sometime!')).join(' ')).toMatch(/climbing gym/);
    expect((await texts("Omar: It's a wool scarf to keep you warm on the trail.")).join(' ')).toMatch(/wool scarf/);
    expect((await texts('Priya: Aww, so sweet! What other vegetables do you grow in the shared beds?')).join(' ')).toMatch(/asked on 12 March 2024: "What other vegetables/);
  });
});
