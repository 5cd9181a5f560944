import type { CampaignLevel, CampaignOutcome, CampaignProgress, Deck, DeckEdition, SoloCourse } from '@ubongo/core';
import { campaignLevels, err, ok, starsFor } from '@ubongo/core';
import type { Course } from './course.js';
import type { CampaignMark, CampaignMarks } from './campaign-store.js';

/*
 * The campaign (docs/decks.md, "The campaign"): core's levels (campaign.ts), each a count run of
 * its one task with the task's own pieces. The first level is open; each next one opens when the
 * one before it is solved verified and not held. A level solved so keeps its best stars and best
 * time in `campaign_progress`, with the account (a claimed account sees it on any device).
 */

type CampaignCourse = Extract<SoloCourse, { kind: 'campaign' }>;

const levelsOf = new WeakMap<Readonly<Record<DeckEdition, Deck>>, readonly CampaignLevel[]>();

/** The campaign's levels for the server's decks (worked out once per set of decks). */
export function levelsFor(decks: Readonly<Record<DeckEdition, Deck>>): readonly CampaignLevel[] {
  let levels = levelsOf.get(decks);
  if (!levels) {
    levels = campaignLevels(decks);
    levelsOf.set(decks, levels);
  }
  return levels;
}

/** Whether `level` is open given the levels solved: the first always, any other once the one before it is solved. */
const isOpen = (level: number, solved: ReadonlySet<number>): boolean => level === 1 || solved.has(level - 1);

const starsOf = (n: number): 0 | 1 | 2 | 3 => (n >= 3 ? 3 : n >= 2 ? 2 : n >= 1 ? 1 : 0);

/** An account's campaign: every level by world, with its stars and best time, and the level to play next. */
export async function campaignProgress(
  campaign: Pick<CampaignMarks, 'campaignProgress'>,
  decks: Readonly<Record<DeckEdition, Deck>>,
  accountId: string,
): Promise<CampaignProgress> {
  const levels = levelsFor(decks);
  const marks = new Map((await campaign.campaignProgress(accountId)).map((m) => [m.level, m]));
  const solved = new Set(marks.keys());
  const worlds: {
    world: number;
    edition: DeckEdition;
    levels: CampaignProgress['worlds'][number]['levels'][number][];
  }[] = [];
  for (const level of levels) {
    let world = worlds.at(-1);
    if (world?.world !== level.world) {
      world = { world: level.world, edition: level.edition, levels: [] };
      worlds.push(world);
    }
    const mark = marks.get(level.number);
    world.levels.push({
      level: level.number,
      open: isOpen(level.number, solved),
      stars: starsOf(mark?.stars ?? 0),
      bestMs: mark?.bestMs ?? null,
      thresholds: level.stars,
    });
  }
  const current =
    levels.find((l) => isOpen(l.number, solved) && !solved.has(l.number))?.number ?? levels.at(-1)?.number ?? 1;
  return { current, worlds };
}

export const campaignCourse: Course<CampaignCourse> = {
  async plan(course, player, services) {
    const { account } = player;
    if (!account) return err('sign in to play the campaign');
    const level = levelsFor(services.decks)[course.level - 1];
    if (!level) return err(`the campaign has no level ${course.level}`);
    if (course.level > 1) {
      const solved = await services.stores.campaign.campaignProgress(account.id);
      if (!solved.some((m) => m.level === course.level - 1))
        return err(`level ${course.level} is not open yet: solve level ${course.level - 1} first`);
    }
    return ok({
      edition: level.edition,
      mode: 'count',
      limit: 1,
      side: level.task.side,
      pieceSet: 'task',
      tasks: [level.task],
    });
  },

  async recorded(course, _plan, player, run, services): Promise<CampaignOutcome> {
    const levels = levelsFor(services.decks);
    const level = levels[course.level - 1];
    if (!level) throw new Error(`no campaign level ${course.level}`);
    const { account } = player;
    const puzzle = run.puzzles[0];
    const solvedMs = puzzle?.outcome === 'solved' ? puzzle.ms : undefined;
    // Stars count only for a solve that came as a person's and is not held for review.
    const stars = starsFor(level.stars, solvedMs ?? 0, solvedMs !== undefined && run.verified && !run.held);
    const before = account ? await services.stores.campaign.campaignProgress(account.id) : [];
    const nextNumber = course.level + 1;
    const solvedBefore = before.some((m) => m.level === course.level);
    let kept: CampaignMark | undefined = before.find((m) => m.level === course.level);
    if (account && stars > 0 && solvedMs !== undefined)
      kept = await services.stores.campaign.markCampaignLevel({
        accountId: account.id,
        level: course.level,
        stars,
        bestMs: solvedMs,
        at: run.finishedAt,
      });
    const hasNext = nextNumber <= levels.length;
    const nextOpen = hasNext && kept !== undefined;
    return {
      kind: 'campaign',
      level: course.level,
      stars,
      bestStars: starsOf(kept?.stars ?? 0),
      bestMs: kept?.bestMs ?? null,
      thresholds: level.stars,
      ...(nextOpen && !solvedBefore ? { opened: nextNumber } : {}),
      ...(hasNext ? { next: { level: nextNumber, open: nextOpen } } : {}),
    };
  },
};
