import type { ClaimProblem } from '../checker.js';
import type { GameError } from './types.js';

/**
 * The refusal of a claim the checker found wrong: its first problem's code and words, and every
 * problem with its cells (the race, the solo run and practice answer a wrong claim alike).
 */
export function claimRefusal(problems: readonly ClaimProblem[]): GameError {
  const first = problems[0];
  return {
    code: first?.code ?? 'claim/malformed',
    message: first?.message ?? 'not a solution',
    problems,
  };
}
