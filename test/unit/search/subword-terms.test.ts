import { describe, expect, it } from 'vitest';
import { subwordMatch } from '../../../src/search/subword-terms.js';
import { term } from '../../../src/text/tokenize.js';

/** The index term of a word, as the keyword index stores it. */
const t = (word: string) => term(word)!;

describe('query words a passage holds inside a longer word', () => {
  it("matches a compound's head: phone in iPhone / smartphone / headphones, watch in smartwatch", () => {
    for (const w of ['iPhone', 'smartphone', 'headphones', 'microphone']) expect(subwordMatch(t('phone'), t(w.toLowerCase()))).toBe(true);
    expect(subwordMatch(t('watch'), t('smartwatch'))).toBe(true);
    expect(subwordMatch(t('board'), t('keyboard'))).toBe(true);
  });

  it('matches a derived word and its base by their shared start: photography / photographer, guitarist / guitar', () => {
    expect(subwordMatch(t('photography'), t('photographer'))).toBe(true);
    expect(subwordMatch(t('photographer'), t('photography'))).toBe(true);
    expect(subwordMatch(t('guitarist'), t('guitar'))).toBe(true);
  });

  it('leaves short stems, numbers and equal terms alone', () => {
    expect(subwordMatch(t('port'), t('support'))).toBe(false);
    expect(subwordMatch(t('ring'), t('bring'))).toBe(false);
    expect(subwordMatch(t('photo'), t('photographer'))).toBe(false);
    expect(subwordMatch('13', '2013')).toBe(false);
    expect(subwordMatch(t('phone'), t('phone'))).toBe(false);
    expect(subwordMatch(t('phone'), t('phonetic'))).toBe(false);
  });
});
