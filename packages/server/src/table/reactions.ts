import type { MessageErrorCode, RaceServerMessages, ReactionId } from '@ubongo/core';
import { REACTION_ALLOWANCE } from '@ubongo/core';
import type { RateLimit } from '../net/rate-limit.js';
import { LocalRateLimits } from '../net/rate-limit.js';
import type { Table } from './table.js';

/** Why a reaction was not passed on. */
export interface ReactionRefused {
  readonly code: Extract<MessageErrorCode, 'message/not-allowed' | 'message/too-fast'>;
  readonly message: string;
}

/**
 * A table's reactions (docs/protocol.md, "Reactions"): a seated person's preset reaction goes to
 * everyone at the table, watchers too, within an allowance per person (`REACTION_ALLOWANCE`: a
 * burst, then one every few seconds), kept in this process (a table's sockets are all in its room's
 * process) by account, so that a reconnection does not refill it. Watchers and bots do not react;
 * a refused reaction is sent to nobody. Muting is the client's (per table, on the device).
 */
export class TableReactions {
  readonly #allowance: RateLimit;

  constructor(
    private readonly table: Pick<Table, 'seats' | 'seatOf'>,
    private readonly send: (body: RaceServerMessages['reaction']) => void,
    limits: LocalRateLimits = new LocalRateLimits(),
  ) {
    this.#allowance = limits.limit('reaction:', {
      burst: REACTION_ALLOWANCE.burst,
      refill: 1,
      every: REACTION_ALLOWANCE.everySeconds,
    });
  }

  /** `sessionId`'s reaction: passed on to everyone, or refused (then nobody hears of it). */
  async react(sessionId: string, reaction: ReactionId): Promise<ReactionRefused | null> {
    const seat = this.table.seatOf(sessionId);
    if (seat?.occupant.kind !== 'human')
      return { code: 'message/not-allowed', message: 'only the people seated at the table react; watchers watch' };
    const wait = await this.#allowance.take(seat.accountId ?? `session:${sessionId}`);
    if (wait > 0)
      return {
        code: 'message/too-fast',
        message: `at most ${REACTION_ALLOWANCE.burst} reactions at once, then one every ${REACTION_ALLOWANCE.everySeconds} s`,
      };
    // (The seat may have gone while the allowance was asked.)
    const index = this.table.seats.indexOf(seat);
    if (index < 0 || seat.sessionId !== sessionId)
      return { code: 'message/not-allowed', message: 'only the people seated at the table react; watchers watch' };
    this.send({ seat: index, reaction });
    return null;
  }
}
