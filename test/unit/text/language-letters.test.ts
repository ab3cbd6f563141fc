import { describe, expect, it } from 'vitest';
import { detectLanguage, languageByLetters } from '../../../src/text/language.js';

describe("languageByLetters (a list-like text's language from the letters English does not write)", () => {
  it('tells a French list of places with few function words, which detectLanguage cannot', () => {
    const text = '20 PAYS LES PLUS PEUPLES (EN TEMPS REEL) Chine 1 448 949 124 Japon Inde Ethiopie Indonésie Egypte Brésil Vietnam Allemagne Russie';
    expect(detectLanguage(text)).toBeNull();
    expect(languageByLetters(text)?.tesseract).toBe('fra');
  });

  it('tells German, Spanish and Portuguese by the letters only they write', () => {
    expect(languageByLetters('Öffnungszeiten Montag bis Freitag Größe Übersicht Straße')?.tesseract).toBe('deu');
    expect(languageByLetters('Mañana niño año pequeño con la familia')?.tesseract).toBe('spa');
    expect(languageByLetters('Informação e comunicação não são iguais')?.tesseract).toBe('por');
  });

  it('leaves English with one borrowed word, and text without such letters, undecided', () => {
    expect(languageByLetters('Meet me at the café near the station at noon')).toBeNull();
    expect(languageByLetters('Sports Centre Conference Centre Car Parks')).toBeNull();
  });
});
