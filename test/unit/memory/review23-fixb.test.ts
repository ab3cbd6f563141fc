import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * review23 F2: a request to change a setting whose object is no value ("update my address to include the flat
 * number", "switch my phone to silent mode") overwrote the author's address, phone or diet. The value must have its
 * field's shape; otherwise the sentence is read as it was before the rule (no memory).
 */
const read = factsReader('2026-03-04');
const texts = (content: string) => read(content).map((f) => f.text);

describe('a setting request whose object is no value states nothing', () => {
  it('"update my address to include the flat number" keeps the address said before', async () => {
    const latest = await latestTexts(['My address is 12 Elm Street, Leeds LS1 4AB.', '2026-01-10'], ['Please update my address to include the flat number.', '2026-03-04']);
    expect(latest.join(' ')).toContain('12 Elm Street');
    expect(latest.join(' ')).not.toMatch(/include the flat number/);
  });

  it('"switch my phone to silent mode" keeps the phone said before', async () => {
    const latest = await latestTexts(['I use a Pixel 8 phone.', '2026-01-10'], ['Can you switch my phone to silent mode?', '2026-03-04']);
    expect(latest.join(' ')).toContain('Pixel 8');
    expect(latest.join(' ')).not.toMatch(/silent mode/);
  });

  it.each(['Set my email to weekly digests only.', 'Please change my email to be less formal.', 'Change my diet to include more fish.', 'Can you change my name to Jo in the app?', 'Set my language to English for now.'])(
    '"%s" gives no memory',
    (sentence) => {
      expect(texts(sentence)).toEqual([]);
    },
  );

  it('"Change my number to be private please" is no phone number (read as before the rule)', () => {
    const facts = read('Change my number to be private please');
    expect(facts.map((f) => f.attribute)).not.toContain('contact:phone');
    expect(facts.map((f) => f.text).join(' ')).not.toMatch(/number is/);
  });
});

describe('a setting request with a value of its shape still states it', () => {
  it('an email, a number, an address, a language and a diet (as reader25 meant)', () => {
    expect(texts('can you change my email to dana@fernway.io')).toContain("The user's email is dana@fernway.io.");
    expect(texts('Please update my address to 4 Mill Lane')).toContain("The user's address is 4 Mill Lane.");
    expect(texts('Please set my diet to pescatarian').join(' ')).toContain('pescatarian');
    expect(texts('Set my language to Spanish.').join(' ')).toContain('Spanish');
  });

  it('"to be" and a trailing "please" are no part of the value', () => {
    expect(texts('Change my number to 07700 900123 please')).toContain("The user's number is 07700 900123.");
    expect(texts('Can you change my name to be Jo Parker?').join(' ')).toMatch(/name is Jo Parker\./);
    expect(texts('Set my diet to be vegan.')).toContain('The user is vegan.');
  });
});
