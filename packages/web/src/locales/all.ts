import type { Language, Translation } from '../i18n.js';
import en from './en.json';
import es from './es.json';
import it from './it.json';
import pl from './pl.json';
import pt from './pt.json';

/** Every language's texts at once, for the tests (the page loads only the one it shows: i18n.ts). */
export const resources: Readonly<Record<Language, Translation>> = { en, es, pt, pl, it };
