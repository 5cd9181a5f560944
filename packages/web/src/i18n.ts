import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

/** The languages of the rulebooks, each named in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'pt', name: 'Português' },
  { code: 'pl', name: 'Polski' },
  { code: 'it', name: 'Italiano' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

/** The texts of a language: English's keys. */
export type Translation = typeof en;

/**
 * English is in the first script (it is also every other language's fallback); each other
 * language is a chunk of its own, loaded when it is needed.
 */
const LOADERS: Readonly<Record<Exclude<Language, 'en'>, () => Promise<{ default: Translation }>>> = {
  es: () => import('./locales/es.json'),
  pt: () => import('./locales/pt.json'),
  pl: () => import('./locales/pl.json'),
  it: () => import('./locales/it.json'),
};

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

/**
 * Starts i18next in English at once; `<html lang>` follows the language. When the language to
 * start in (the one chosen before, else the browser's) is another, returns a promise that resolves
 * once it is loaded and switched to: the page is first drawn then, not in English first.
 */
export function setUpI18n(): Promise<void> | null {
  const lng = initialLanguage(stored(), typeof navigator === 'undefined' ? [] : navigator.languages);
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = 'en';
  i18next.on('languageChanged', (l) => {
    document.documentElement.lang = l;
  });
  // English is there already: nothing to wait for (the page is drawn in the task that loaded it).
  if (lng === 'en') return null;
  // Should the language not load (offline, a redeploy since the page came), the page is in English.
  return switchLanguage(lng).catch(() => undefined);
}

/** Loads a language's texts (once), then switches to it. */
export async function switchLanguage(code: Language): Promise<void> {
  if (code !== 'en' && !i18next.hasResourceBundle(code, 'translation'))
    i18next.addResourceBundle(code, 'translation', (await LOADERS[code]()).default);
  await i18next.changeLanguage(code);
}

/** Switches the language and remembers it. */
export function chooseLanguage(code: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // not remembered, but switched
  }
  // A language that does not load leaves the page in the one it is in.
  return switchLanguage(code).catch(() => undefined);
}
