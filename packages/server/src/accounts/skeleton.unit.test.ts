import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAs, skeleton, usernameSkeleton } from './skeleton.js';

describe('TR39 skeletons', () => {
  it('maps look-alikes to their prototypes, as Unicode’s confusables table says (known answers)', () => {
    // Cyrillic а, е, о, р, с and Greek ο are Latin a, e, o, p, c, o; 0 is O, 1 and I are l; m is rn.
    expect(skeleton('\u0430\u0435\u043E\u0440\u0441\u03BF')).toBe('aeopco');
    expect(skeleton('0I1m')).toBe('Ollrn');
    expect(skeleton('paypal')).toBe(skeleton('\u0440\u0430ypal'));
  });

  it.each([
    ['alice', 'allce'],
    ['Alice', 'allce'],
    ['\u0430lice', 'allce'],
    ['aIice', 'allce'],
    ['a1ice', 'allce'],
    ['alice.', 'allce'],
    ['_alice', 'allce'],
    ['al-ice', 'allce'],
    ['\uFF41\uFF4C\uFF49\uFF43\uFF45', 'allce'],
    ['b0b', 'bob'],
    ['Zoë', 'zoë'],
  ])('folds the username %j to %j', (username, key) => {
    expect(usernameSkeleton(username)).toBe(key);
  });

  it('keeps usernames that differ to the eye apart', () => {
    const keys = ['alice', 'alicia', 'bob', 'zoe', 'zoë', 'ana', 'anna'].map(usernameSkeleton);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('does not care for case or separators in a username (seeded)', () => {
    const letters = fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyz0123456789'));
    const separators = fc.constantFrom('.', '_', '-');
    fc.assert(
      fc.property(fc.array(letters, { minLength: 3, maxLength: 20 }), fc.nat(), separators, (chars, at, sep) => {
        const name = chars.join('');
        const key = usernameSkeleton(name);
        expect(usernameSkeleton(name.toUpperCase())).toBe(key);
        const i = at % (name.length + 1);
        expect(usernameSkeleton(`${name.slice(0, i)}${sep}${name.slice(i)}`)).toBe(key);
        // The key is a fixed point: folding it again changes nothing.
        expect(usernameSkeleton(key)).toBe(key);
      }),
      { seed: 39, numRuns: 1000 },
    );
  });

  it('reads a name as people read it', () => {
    expect(readAs('\u0412ot  1 (m\u0430ster) ')).toBe('bot l (rnaster)');
  });
});
