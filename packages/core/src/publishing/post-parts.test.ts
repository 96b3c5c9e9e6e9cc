import { describe, expect, it } from 'vitest';
import { firstLinkIn, isLanguageTag, linkDomain, textPart, withLanguages } from './post-parts';

describe('links and languages of a part', () => {
  it('finds the first link, without the punctuation that ends its sentence', () => {
    expect(firstLinkIn('Read https://example.com/a?b=1. Then https://other.org')).toBe('https://example.com/a?b=1');
    expect(firstLinkIn('(see http://example.com/x)')).toBe('http://example.com/x');
    expect(firstLinkIn('no link, just example.com')).toBeNull();
    expect(linkDomain('https://www.example.com/a')).toBe('example.com');
  });

  it('knows a language tag, and gives a part its persona’s languages only when it names none', () => {
    for (const tag of ['en', 'pt-BR', 'zh-Hant-TW', 'es-419']) expect(isLanguageTag(tag)).toBe(true);
    for (const tag of ['', 'english!', 'e', 'en-', 'x-', 'en_US']) expect(isLanguageTag(tag)).toBe(false);
    const parts = [{ ...textPart('Olá'), langs: ['pt'] }, textPart('Hello')];
    expect(withLanguages(parts, ['en', 'de']).map((p) => p.langs)).toEqual([['pt'], ['en', 'de']]);
  });
});
