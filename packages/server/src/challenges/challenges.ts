import type {
  ChallengeEntry,
  ChallengeMade,
  ChallengeSide,
  ChallengesAnswer,
  ChallengeStatus,
  ChallengeWinner,
  SoloResult,
} from '@ubongo/core';
import { CHALLENGE_DAYS, compareSoloResults } from '@ubongo/core';
import { randomInt } from 'node:crypto';
import { AccountError } from '../accounts/accounts.js';
import { nameKey } from '../accounts/names.js';
import type { Account } from '../accounts/store.js';
import { areFriends } from '../friends/friends.js';
import type { StoredSoloRun } from '../solo/store.js';
import type { Stores } from '../storage/stores.js';
import { raceableRun } from './race.js';
import type { Challenge } from './store.js';

/** Challenges one account may send in a day (the last 24 hours). */
export const CHALLENGES_PER_DAY = 20;

/** How many of an account's challenges `GET /api/challenges` lists (sent and received together). */
export const CHALLENGES_LISTED = 50;

const DAY_MS = 86_400_000;

/** How long a challenge stays open. */
export const CHALLENGE_MS = CHALLENGE_DAYS * DAY_MS;

const CODE_LETTERS = '23456789abcdefghjkmnpqrstuvwxyz';

/** A new challenge's id (`CHALLENGE_ID_PATTERN`). */
export const newChallengeId = (): string =>
  Array.from({ length: 10 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');

/** Where a stored challenge stands at `now`: an open one whose week is over is expired. */
export function statusOf(challenge: Pick<Challenge, 'status' | 'expiresAt'>, now: number): ChallengeStatus {
  return challenge.status === 'open' && now >= challenge.expiresAt ? 'expired' : challenge.status;
}

/** Who won a race: the sender's run `from` against the recipient's `to`, as solo records compare. */
export function verdictOf(from: SoloResult, to: SoloResult): ChallengeWinner {
  const by = compareSoloResults(from, to);
  return by > 0 ? 'from' : by < 0 ? 'to' : 'tie';
}

/** The stores challenges read and write. */
export type ChallengeStores = Pick<Stores, 'accounts' | 'friends' | 'soloRuns' | 'challenges'>;

/**
 * Challenges between friends (docs/challenges.md): an account with a username sends a friend one of
 * its stored, verified solo runs; the friend races its ghost on the same tasks (the solo room's
 * `challenge` option, race.ts) while it is open, a week; the race's stored run settles the verdict.
 * Time is the server's date (`now`), never read here otherwise. Refusals are `AccountError`s with
 * `challenge/...` codes (or the account's and friends' own), as the friends routes' are.
 */
export class ChallengeBook {
  constructor(
    private readonly stores: ChallengeStores,
    private readonly now: () => number,
  ) {}

  /** `me` challenges `to` (a username, or an account's id) to race its run `run`. */
  async send(me: Account, to: string, run: number): Promise<ChallengeMade> {
    if (me.username === null)
      throw new AccountError(403, 'account/claim-first', 'claim a username before challenging a friend');
    const other = (await this.stores.accounts.account(to)) ?? (await this.#byUsername(to));
    if (!other) throw new AccountError(404, 'friends/no-such-player', `no player ${to}`, { username: to });
    if (other.id === me.id) throw new AccountError(400, 'friends/yourself', 'you cannot challenge yourself');
    if (!areFriends(me.id, other.id, await this.stores.friends.accountLinks(me.id)))
      throw new AccountError(403, 'challenge/not-friends', `you can challenge only friends: ${other.name} is not one`, {
        name: other.name,
      });
    const stored = await this.stores.soloRuns.soloRun(run);
    if (!stored) throw new AccountError(404, 'challenge/no-such-run', `no run ${run}`, { run });
    if (stored.accountId !== me.id)
      throw new AccountError(403, 'challenge/not-your-run', `run ${run} is not yours: send one of your own runs`, {
        run,
      });
    const raceable = raceableRun(stored);
    if (!raceable.ok) throw new AccountError(422, 'challenge/not-raceable', raceable.error, { run });
    const now = this.now();
    const sent = await this.stores.challenges.challengesSentSince(me.id, now - DAY_MS);
    if (sent >= CHALLENGES_PER_DAY)
      throw new AccountError(
        429,
        'challenge/too-many',
        `at most ${CHALLENGES_PER_DAY} challenges a day: try again tomorrow`,
        { max: CHALLENGES_PER_DAY },
      );
    if (await this.stores.challenges.openChallengeOf(run, other.id, now))
      throw new AccountError(409, 'challenge/already-open', `${other.name} already has this run to race`, {
        name: other.name,
      });
    const expiresAt = now + CHALLENGE_MS;
    for (;;) {
      const id = newChallengeId();
      const made = { id, from: me.id, to: other.id, run, createdAt: now, expiresAt };
      if (await this.stores.challenges.saveChallenge(made)) return { id, expiresAt };
    }
  }

  /** The challenges `me` received and sent, newest first, each with its status and verdict as of now. */
  async list(me: Account): Promise<ChallengesAnswer> {
    const now = this.now();
    const all = await this.stores.challenges.challengesOf(me.id, CHALLENGES_LISTED);
    const runs = new Map<number, StoredSoloRun | undefined>();
    const runOf = async (id: number | null): Promise<StoredSoloRun | undefined> => {
      if (id === null) return undefined;
      if (!runs.has(id)) runs.set(id, await this.stores.soloRuns.soloRun(id));
      return runs.get(id);
    };
    const accounts = new Map<string, Account | undefined>();
    const accountOf = async (id: string): Promise<Account | undefined> => {
      if (!accounts.has(id)) accounts.set(id, await this.stores.accounts.account(id));
      return accounts.get(id);
    };
    const entries: ChallengeEntry[] = [];
    for (const c of all) {
      const sent = await runOf(c.run);
      // A run no longer stored leaves nothing to show or race.
      if (!sent) continue;
      const side = async (accountId: string, run: StoredSoloRun | undefined, id: number | null) => {
        const account = await accountOf(accountId);
        const shown: ChallengeSide = {
          account: accountId,
          name: account?.name ?? '',
          username: account?.username ?? null,
          run: id,
          solved: run?.solved ?? null,
          ms: run?.ms ?? null,
        };
        return shown;
      };
      const status = statusOf(c, now);
      const mine = c.to === me.id;
      const first = sent.puzzles?.[0];
      entries.push({
        id: c.id,
        status,
        from: await side(c.from, sent, c.run),
        to: await side(c.to, await runOf(c.raced), c.raced),
        setting: {
          dealing: sent.dealing ?? 'shuffled',
          mode: sent.mode,
          limit: sent.limit,
          side: sent.side,
          tasks: sent.puzzles?.length ?? 0,
          ...(sent.dealing === 'board' && first ? { board: first.board } : {}),
        },
        createdAt: c.createdAt,
        expiresAt: c.expiresAt,
        winner: status === 'raced' ? c.winner : null,
        raceable: mine && status === 'open',
        rematch: status === 'raced' ? (mine ? c.raced : c.run) : null,
        forfeited: status === 'raced' && c.raced === null,
      });
    }
    return {
      received: entries.filter((e) => e.to.account === me.id),
      sent: entries.filter((e) => e.from.account === me.id),
      now,
    };
  }

  /** `me` declines challenge `id` sent to it. */
  async decline(me: Account, id: string): Promise<void> {
    const c = await this.#received(me, id);
    if (!(await this.stores.challenges.declineChallenge(c.id, this.now())))
      throw new AccountError(409, 'challenge/not-open', 'this challenge is no longer open');
  }

  /** The challenge `id` for its recipient `me` to race now, with the run it races; or the refusal. */
  async toRace(me: Account | undefined, id: string): Promise<{ challenge: Challenge; run: StoredSoloRun }> {
    if (!me) throw new AccountError(401, 'account/sign-in-first', 'sign in to race a challenge');
    const challenge = await this.#received(me, id);
    const run = await this.stores.soloRuns.soloRun(challenge.run);
    if (!run) throw new AccountError(404, 'challenge/not-found', `no challenge ${id}`, { id });
    return { challenge, run };
  }

  /**
   * The recipient's race of challenge `id` is stored (`raced`, its result): the challenge is raced,
   * with who won (a race with a solve faster than a person's, not verified, loses). False when it
   * was no longer open (declined, expired or raced meanwhile).
   */
  async settle(
    id: string,
    raced: { readonly id: number; readonly result: SoloResult; readonly verified: boolean },
  ): Promise<boolean> {
    const challenge = await this.stores.challenges.challenge(id);
    if (!challenge) return false;
    const now = this.now();
    if (statusOf(challenge, now) !== 'open') return false;
    const sent = await this.stores.soloRuns.soloRun(challenge.run);
    if (!sent) return false;
    const winner = raced.verified ? verdictOf(sent, raced.result) : 'from';
    return this.stores.challenges.settleChallenge(id, { raced: raced.id, winner, at: now });
  }

  /**
   * The recipient left the race of challenge `id` under way (its tasks and the ghost's solutions
   * seen): it is raced, and lost, with no run of theirs. False when it was no longer open.
   */
  async forfeit(id: string): Promise<boolean> {
    const challenge = await this.stores.challenges.challenge(id);
    const now = this.now();
    if (!challenge || statusOf(challenge, now) !== 'open') return false;
    return this.stores.challenges.settleChallenge(id, { raced: null, winner: 'from', at: now });
  }

  /** A challenge sent to `me`, open now; 404 for anyone else's, 409 when it is not open. */
  async #received(me: Account, id: string): Promise<Challenge> {
    const c = await this.stores.challenges.challenge(id);
    if (c?.to !== me.id) throw new AccountError(404, 'challenge/not-found', `no challenge ${id}`, { id });
    const status = statusOf(c, this.now());
    if (status !== 'open')
      throw new AccountError(409, 'challenge/not-open', `this challenge is ${status}: it can no longer be raced`, {
        status,
      });
    return c;
  }

  async #byUsername(name: string): Promise<Account | undefined> {
    const key = nameKey(name.normalize('NFC').trim());
    return key === '' ? undefined : this.stores.accounts.accountByUsername(key);
  }
}
