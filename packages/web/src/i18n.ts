import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';
import it from './locales/it.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';

/** The languages of the rulebooks, each named in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'pt', name: 'Português' },
  { code: 'pl', name: 'Polski' },
  { code: 'it', name: 'Italiano' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

export const resources = { en, es, pt, pl, it } as const;
const STORAGE_KEY = 'ubongo.lang';

const isLanguage = (code: string): code is Language => LANGUAGES.some((l) => l.code === code);

/** The language to start in: the one chosen before, else the browser's first we speak, else English. */
export function initialLanguage(stored: string | null, browser: readonly string[]): Language {
  if (stored && isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Starts i18next; `<html lang>` follows the language, and a choice is remembered. */
export function setUpI18n(): typeof i18next {
  const lng = initialLanguage(stored(), typeof navigator === 'undefined' ? [] : navigator.languages);
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(Object.entries(resources).map(([k, v]) => [k, { translation: v }])),
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  i18next.on('languageChanged', (l) => {
    document.documentElement.lang = l;
  });
  return i18next;
}

/** Switches the language and remembers it. */
export function chooseLanguage(code: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // not remembered, but switched
  }
  void i18next.changeLanguage(code);
}
