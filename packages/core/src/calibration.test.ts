import { describe, expect, it } from 'vitest';
import type { Calibration, CalibrationAttempt } from './calibration.js';
import {
  calibrate,
  calibratedDifficulty,
  calibratedDifficultyIn,
  CALIBRATION_MIN_ATTEMPTS,
  makeCalibration,
  parseCalibration,
  SHIPPED_CALIBRATION,
} from './calibration.js';
import { taskOf } from './deck.js';
import { shippedDeck } from './decks.js';

const classic = shippedDeck('classic');
const extreme = shippedDeck('extreme');
const c01 = { board: 'C01', side: 'easy', key: '1' } as const;
const staticOf = taskOf(classic, c01).difficulty;

describe('the calibration snapshot', () => {
  it('is shipped honest: no play has been measured, so every task keeps its static difficulty', () => {
    expect(SHIPPED_CALIBRATION).toEqual({ model: 'log-time', attempts: 0, tasks: {} });
    expect(calibratedDifficulty(classic, c01)).toBe(staticOf);
  });

  it('round-trips through its text, tasks in key order', () => {
    const snapshot: Calibration = {
      model: 'log-time',
      attempts: 45,
      tasks: {
        'extreme/E01/hard/red': { difficulty: 9.5, attempts: 5 },
        'classic/C01/easy/1': { difficulty: 4.25, attempts: 40 },
      },
    };
    const text = makeCalibration(snapshot);
    expect(text.indexOf('classic/C01')).toBeLessThan(text.indexOf('extreme/E01'));
    expect(parseCalibration(text)).toEqual({ ok: true, value: snapshot });
    expect(makeCalibration({ model: 'log-time', attempts: 0, tasks: {} })).toBe(
      '{\n  "model": "log-time",\n  "attempts": 0,\n  "tasks": {}\n}\n',
    );
  });

  it('refuses what is not a snapshot, saying where', () => {
    const bad = (text: string) => {
      const read = parseCalibration(text);
      return read.ok ? 'accepted' : read.error.path;
    };
    expect(bad('{')).toBe('(top)');
    expect(bad('{"model":"win-loss","attempts":0,"tasks":{}}')).toBe('model');
    expect(bad('{"model":"log-time","attempts":-1,"tasks":{}}')).toBe('attempts');
    expect(bad('{"model":"log-time","attempts":1,"tasks":{"C01":{"difficulty":5,"attempts":1}}}')).toBe('tasks.C01');
    expect(
      bad('{"model":"log-time","attempts":1,"tasks":{"classic/C01/easy/1":{"difficulty":"5","attempts":1}}}'),
    ).toBe('tasks.classic/C01/easy/1.difficulty');
  });

  it(`publishes a task's measured difficulty only from ${CALIBRATION_MIN_ATTEMPTS} first attempts`, () => {
    const at = (attempts: number): Calibration => ({
      model: 'log-time',
      attempts,
      tasks: { 'classic/C01/easy/1': { difficulty: 9.99, attempts } },
    });
    expect(calibratedDifficultyIn(at(CALIBRATION_MIN_ATTEMPTS - 1), classic, c01)).toBe(staticOf);
    expect(calibratedDifficultyIn(at(CALIBRATION_MIN_ATTEMPTS), classic, c01)).toBe(9.99);
    // Another deck's task of the same board name is not this one.
    expect(calibratedDifficultyIn(at(50), classic, { ...c01, key: '2' })).toBe(
      taskOf(classic, { ...c01, key: '2' }).difficulty,
    );
  });

  it('fits each task from its attempts: slow solves make it harder than its static difficulty, fast ones easier', () => {
    const c02 = { board: 'C02', side: 'easy', key: '1' } as const;
    const attempts: CalibrationAttempt[] = [];
    for (let s = 0; s < 30; s++) {
      attempts.push({ task: 'classic/C01/easy/1', solver: `s${s}`, ms: 120_000, solved: s % 3 !== 0 });
      attempts.push({ task: 'classic/C02/easy/1', solver: `s${s}`, ms: 3_000, solved: true });
    }
    attempts.push({ task: 'classic/C99/easy/1', solver: 's0', ms: 1_000, solved: true });
    const fitted = calibrate([classic, extreme], attempts);
    expect(fitted.attempts).toBe(60);
    expect(Object.keys(fitted.tasks).sort()).toEqual(['classic/C01/easy/1', 'classic/C02/easy/1']);
    expect(fitted.tasks['classic/C01/easy/1']).toMatchObject({ attempts: 30 });
    expect(fitted.tasks['classic/C01/easy/1']?.difficulty).toBeGreaterThan(staticOf + 1);
    expect(fitted.tasks['classic/C02/easy/1']?.difficulty).toBeLessThan(taskOf(classic, c02).difficulty - 1);
    const read = parseCalibration(makeCalibration(fitted));
    if (!read.ok) throw new Error(read.error.message);
    expect(calibratedDifficultyIn(read.value, classic, c01)).toBe(fitted.tasks['classic/C01/easy/1']?.difficulty);
    expect(calibrate([classic], [])).toEqual({ model: 'log-time', attempts: 0, tasks: {} });
  });
});
