import { describe, expect, it } from 'vitest';
import { phraseRecall, spokenWords } from '../../helpers/real-fixtures.js';

// The extraction-quality bench's phrase match (test/helpers/real-fixtures.ts): speech by its words, the rest as read.
describe('phraseRecall on speech', () => {
  it('finds a phrase whose words the transcriber split with punctuation nobody hears', () => {
    // speaker-test's "Front center" as Whisper writes it.
    expect(phraseRecall(['Front center'], '[00:00:00] Front, center.', { spoken: true }).found).toEqual(['Front center']);
    expect(phraseRecall(['one two three'], '[00:00:00] One, two, three!', { spoken: true }).found).toEqual(['one two three']);
    expect(phraseRecall(['a self substantial fuel'], 'with a self-substantial fuel', { spoken: true }).found).toEqual(['a self substantial fuel']);
  });

  it('still misses a word heard wrong, and keeps apostrophes inside words', () => {
    expect(phraseRecall(['this caller'], 'send this color to voicemail', { spoken: true }).missing).toEqual(['this caller']);
    expect(phraseRecall(["un test d'écho"], "un test d'écos.", { spoken: true }).missing).toEqual(["un test d'écho"]);
    expect(phraseRecall(["un test d'écho"], "Vous êtes sur le point d'entreprendre un test d'écho.", { spoken: true }).found).toEqual(["un test d'écho"]);
    expect(spokenWords("Beauty's rose, 'tis \u201cthe\u201d world\u2019s \u2014 end.")).toBe("beauty's rose tis the world's end");
  });

  it('compares text that is read (OCR, documents) with its punctuation, as before', () => {
    expect(phraseRecall(['Front center'], 'Front, center.').missing).toEqual(['Front center']);
    expect(phraseRecall(['Total: 12.50'], 'TOTAL: 12.50').found).toEqual(['Total: 12.50']);
  });
});
