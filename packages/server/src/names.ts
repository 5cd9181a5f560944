/*
 * People's names, as everyone at a table sees them. A name is normalized (NFC, spaces trimmed and
 * collapsed) and refused, with the reason, when it would mislead or hide: control characters
 * (a null, a line break), bidirectional overrides (U+202E turns text around), zero-width
 * characters, nothing visible at all, more than 24 characters, or the look of a bot's seat.
 */

import type { AccountErrorCode } from '@ubongo/core';

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
// The way the tables write bots and stand-ins: a person may not pass for one.
const RESERVED = [/^bot\s*\d/i, /\((?:beginner|casual|expert|master|bot)\)\s*$/i];

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
  if (name.replace(INVISIBLE, '') === '') return refuse('name/invisible', 'a name needs something people can see');
  if (Array.from(name).length > NAME_MAX)
    return refuse('name/too-long', `a name is at most ${NAME_MAX} characters`, { max: NAME_MAX });
  if (RESERVED.some((r) => r.test(name))) return refuse('name/reserved', 'a name may not look like a bot’s');
  return { ok: true, name };
}

/** The key two names are the same by: case and compatibility forms folded. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

/** `name`, or `name 2`, `name 3`, ... : the first not among `taken` (by `nameKey`). */
export function distinctName(name: string, taken: readonly string[]): string {
  const keys = new Set(taken.map(nameKey));
  if (!keys.has(nameKey(name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const base = Array.from(name)
      .slice(0, NAME_MAX - suffix.length)
      .join('');
    const candidate = `${base}${suffix}`;
    if (!keys.has(nameKey(candidate))) return candidate;
  }
}
