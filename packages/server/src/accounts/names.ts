/*
 * People's names, as everyone at a table sees them. A name is normalized (NFC, spaces trimmed and
 * collapsed) and refused, with the reason, when it would mislead or hide: control characters
 * (a null, a line break), bidirectional overrides (U+202E turns text around), zero-width
 * characters, nothing visible at all (no letter, digit or symbol: marks, variation selectors and
 * other default-ignorable characters alone), more than 24 characters, or the look of a bot's seat,
 * read as people read it (look-alike letters and digits folded: skeleton.ts).
 */

import type { AccountErrorCode } from '@ubongo/core';
import { readAs, usernameSkeleton } from './skeleton.js';

/** The longest name, in characters (code points). */
export const NAME_MAX = 24;

/** Why a name is refused, and the words for it (English; the code is for clients to translate). */
export interface NameProblem {
  readonly code: Extract<AccountErrorCode, `name/${string}`>;
  readonly message: string;
  /** The values the words hold. */
  readonly params?: Readonly<Record<string, number>>;
}

const CONTROL = /\p{Cc}/u;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const ZERO_WIDTH = /[\u180E\u200B-\u200D\u2060\uFEFF]/u;
// What shows as nothing: spaces, format characters, fillers and blanks of other scripts.
const INVISIBLE = /[\p{White_Space}\p{Cf}\u034F\u115F\u1160\u2800\u3164\uFFA0]/gu;
// Something people can see: a letter, a digit, a symbol or punctuation (not a mark alone, nor a
// default-ignorable character such as a variation selector, which shows as nothing by itself).
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
// The way the tables write bots and stand-ins: a person may not pass for one.
const RESERVED = [/^bot\s*\d/i, /\((?:beginner|casual|expert|master|bot)\)\s*$/i];
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
// The same read as people read them (skeleton.ts's `readAs`): `Вot 1 (mаster)` in Cyrillic, `BOT l`.
const READ_DIGITS = [...new Set(Array.from('0123456789', readAs))].map(escape).join('|');
const READ_RESERVED = [
  new RegExp(`^${escape(readAs('bot'))} ?(?:${READ_DIGITS})+(?: |\\(|$)`, 'u'),
  new RegExp(
    `\\((?:${['beginner', 'casual', 'expert', 'master', 'bot'].map((w) => escape(readAs(w))).join('|')})\\)$`,
    'u',
  ),
];

const where = (text: string, pattern: RegExp): string => {
  const at = Array.from(text).findIndex((c) => pattern.test(c));
  const char = Array.from(text)[at] ?? '';
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} at ${at + 1}`;
};

/** A name as it will be shown, or why it is refused. */
export function normalizeName(raw: string): { ok: true; name: string } | { ok: false; problem: NameProblem } {
  const refuse = (code: NameProblem['code'], message: string, params?: NameProblem['params']) => ({
    ok: false as const,
    problem: { code, message, ...(params ? { params } : {}) },
  });
  if (CONTROL.test(raw))
    return refuse('name/control', `a name may not hold control characters (${where(raw, CONTROL)})`);
  if (BIDI.test(raw))
    return refuse('name/bidi', `a name may not hold characters that turn text around (${where(raw, BIDI)})`);
  if (ZERO_WIDTH.test(raw))
    return refuse('name/zero-width', `a name may not hold zero-width characters (${where(raw, ZERO_WIDTH)})`);
  const name = raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
  if (name === '') return refuse('name/empty', 'a name is needed');
  if (!VISIBLE.test(name.replace(INVISIBLE, '').replace(IGNORABLE, '')))
    return refuse('name/invisible', 'a name needs a letter, a digit or a symbol people can see');
  if (Array.from(name).length > NAME_MAX)
    return refuse('name/too-long', `a name is at most ${NAME_MAX} characters`, { max: NAME_MAX });
  if (RESERVED.some((r) => r.test(name)) || READ_RESERVED.some((r) => r.test(readAs(name))))
    return refuse('name/reserved', 'a name may not look like a bot’s');
  return { ok: true, name };
}

/** The key two names are the same by: case and compatibility forms folded. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

/** Whether two names show as one: the same key (`nameKey`), or look-alikes (a username's skeleton, spaces set aside). */
export function sameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b) || usernameSkeleton(a) === usernameSkeleton(b);
}

/** `name`, or `name 2`, `name 3`, ... : the first not among `taken` (`sameName` as none of them). */
export function distinctName(name: string, taken: readonly string[]): string {
  const free = (candidate: string): boolean => !taken.some((t) => sameName(t, candidate));
  if (free(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const base = Array.from(name)
      .slice(0, NAME_MAX - suffix.length)
      .join('');
    const candidate = `${base}${suffix}`;
    if (free(candidate)) return candidate;
  }
}
