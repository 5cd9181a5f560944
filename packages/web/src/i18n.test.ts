import { ERROR_CODES } from '@ubongo/core';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Language } from './i18n.js';
import { initialLanguage, LANGUAGES } from './i18n.js';
import { resources } from './locales/all.js';

type Tree = { [key: string]: string | string[] | Tree };

/** Every leaf of a translation as `path -> text`, plural suffixes kept. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(path, v);
    else if (Array.isArray(v)) v.forEach((p, i) => out.set(`${path}[${i}]`, p));
    else for (const [kk, vv] of leaves(v, path)) out.set(kk, vv);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (s: string): string[] => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();

describe('translations', () => {
  const english = leaves(resources.en as unknown as Tree);

  // English is the reference the others are held to; it is not compared with itself.
  const others = LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');

  it('covers four languages besides English', () => {
    expect(others).toEqual(['es', 'pt', 'pl', 'it']);
  });

  it('English has every plural form English needs, with the same placeholders', () => {
    const bases = [...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, ''));
    expect(bases.length).toBeGreaterThan(0);
    const categories = new Intl.PluralRules('en').resolvedOptions().pluralCategories;
    for (const base of new Set(bases)) {
      const forms = categories.map((c) => english.get(`${base}_${c}`));
      expect(
        forms.every((f) => f !== undefined && f.trim() !== ''),
        base,
      ).toBe(true);
      expect(new Set(forms.map((f) => placeholders(f ?? '').join())).size, base).toBe(1);
    }
  });

  it.each(others)('%s has every string of the English, with its plural forms', (code) => {
    const theirs = leaves(resources[code] as unknown as Tree);
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const missing: string[] = [];
    for (const [path, text] of english) {
      if (PLURAL.test(path)) {
        const base = path.replace(PLURAL, '');
        for (const c of categories) {
          const t = theirs.get(`${base}_${c}`);
          if (t === undefined) missing.push(`${base}_${c}`);
          // `{{count}}` may be written out in words ("un punto"); the other placeholders stay.
          else
            expect(
              placeholders(t).filter((p) => p !== 'count'),
              `${code} ${base}_${c}`,
            ).toEqual(placeholders(text).filter((p) => p !== 'count'));
        }
      } else {
        const t = theirs.get(path);
        if (t === undefined) missing.push(path);
        else expect(placeholders(t), `${code} ${path}`).toEqual(placeholders(text));
      }
    }
    expect(missing).toEqual([]);
    // Nothing left over that no screen asks for.
    const known = new Set([...english.keys()].map((k) => k.replace(PLURAL, '')));
    expect([...theirs.keys()].filter((k) => !known.has(k.replace(PLURAL, '')))).toEqual([]);
  });

  // Zero takes the plural: "0 points", "0 pontos" (not "0 ponto", though Portuguese files 0 under
  // `one` as i18next's plural rules go), "0 punktów" as for 5 in Polish.
  const SAID_AS_ZERO: Record<Language, number> = { en: 2, es: 2, pt: 2, pl: 5, it: 2 };
  it.each(LANGUAGES.map((l) => l.code))('%s says zero of something the way it says the plural', async (code) => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: code,
      resources: { [code]: { translation: resources[code] } },
      interpolation: { escapeValue: false },
    });
    const theirs = leaves(resources[code] as unknown as Tree);
    const bases = new Set([...theirs.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
    const n = SAID_AS_ZERO[code];
    const wrong: string[] = [];
    for (const base of bases) {
      const names = placeholders(theirs.get(`${base}_other`) ?? '').filter((p) => p !== 'count');
      const values = Object.fromEntries(names.map((p) => [p, `<${p}>`]));
      const zero = i18n.t(base, { ...values, count: 0 });
      const plural = i18n.t(base, { ...values, count: n }).replaceAll(String(n), '0');
      if (zero !== plural) wrong.push(`${base}: "${zero}" (not "${plural}")`);
    }
    expect(bases.size).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it.each(LANGUAGES.map((l) => l.code))('%s says every refusal the protocol lists in its own words', (code) => {
    const theirs = leaves(resources[code] as unknown as Tree);
    const missing = ERROR_CODES.filter((c) => !(theirs.get(`errors.${c}`) ?? '').trim());
    expect(missing).toEqual([]);
  });

  it('starts in the language chosen before, else the browser’s, else English', () => {
    expect(initialLanguage('pl', ['es-ES'])).toBe('pl');
    expect(initialLanguage(null, ['de-DE', 'pt-BR', 'es'])).toBe('pt');
    expect(initialLanguage('xx', ['IT'])).toBe('it');
    expect(initialLanguage(null, ['de', 'fr'])).toBe('en');
    expect(initialLanguage(null, [])).toBe('en');
  });
});
