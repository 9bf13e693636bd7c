import { describe, expect, it } from 'vitest';
import { languageOf } from './language.ts';

describe('the language a request asks in', () => {
  it('is the first listed that the product speaks, with or without a region', () => {
    expect(languageOf('ar-SA,ar;q=0.9')).toBe('ar');
    expect(languageOf('AR')).toBe('ar');
    expect(languageOf('en-GB,en;q=0.9,ar;q=0.8')).toBe('en');
    expect(languageOf('fr-FR, en;q=0.5')).toBe('en');
    expect(languageOf('fr-FR, ar;q=0.5, en;q=0.4')).toBe('ar');
    expect(languageOf(' ar_EG ')).toBe('ar');
  });

  it('is English when none is, or nothing is asked', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf('fr, de;q=0.5')).toBe('en');
    expect(languageOf('arabic')).toBe('en');
    expect(languageOf('*')).toBe('en');
  });
});
