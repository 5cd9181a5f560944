import { BOARD_ID_PATTERN, CHALLENGE_ID_PATTERN } from '@ubongo/core';

/** Where the page is: `#/`, `#/room/CODE`, `#/solo`, `#/practice`, `#/how-to-play`, `#/tutorial`, `#/account`, `#/player/ID`, `#/leaderboards`, `#/replay/GAME`, `#/run/RUN`, `#/campaign`, `#/daily`, `#/storm`, `#/friends`, `#/challenges`, `#/challenge/ID`, `#/arenas`, `#/arena/ID`, `#/rated`, `#/live`, `#/review`, `#/boards` (the editor), `#/board/ID`, `#/misses/RUN`. */
export type Route =
  | { name: 'home' }
  | { name: 'room'; code: string }
  | { name: 'solo' }
  | { name: 'practice'; task?: { edition: 'classic' | 'extreme'; board: string; side: 'easy' | 'hard'; key: string } }
  | { name: 'how-to-play' }
  | { name: 'tutorial' }
  | { name: 'account' }
  | { name: 'player'; id: string }
  | { name: 'leaderboards' }
  | { name: 'replay'; id: string }
  | { name: 'run'; id: string }
  | { name: 'campaign' }
  | { name: 'daily' }
  | { name: 'storm' }
  | { name: 'friends' }
  | { name: 'challenges' }
  | { name: 'challenge'; id: string }
  | { name: 'arenas' }
  | { name: 'arena'; id: string }
  | { name: 'rated' }
  | { name: 'live' }
  | { name: 'review' }
  | { name: 'boards' }
  | { name: 'board'; id: string }
  | { name: 'misses'; run: number };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/');
  switch (parts[0] ?? '') {
    case 'room': {
      // Private tables have 6-letter codes; quick-match rooms keep the server's id, case and all.
      const code = decodeURIComponent(parts[1] ?? '');
      return /^[A-Za-z0-9_-]{4,32}$/.test(code) ? { name: 'room', code } : { name: 'home' };
    }
    case 'solo':
      return { name: 'solo' };
    case 'practice': {
      // `#/practice/EDITION/BOARD/SIDE/KEY` opens at that task (the server refuses one no deck has).
      const [edition, board, side, key] = parts.slice(1, 5).map((p) => decodeURIComponent(p));
      if (
        (edition === 'classic' || edition === 'extreme') &&
        board !== undefined &&
        /^[\w-]{1,8}$/.test(board) &&
        (side === 'easy' || side === 'hard') &&
        key !== undefined &&
        /^[\w-]{1,8}$/.test(key)
      )
        return { name: 'practice', task: { edition, board, side, key } };
      return { name: 'practice' };
    }
    case 'how-to-play':
      return { name: 'how-to-play' };
    case 'tutorial':
      return { name: 'tutorial' };
    case 'account':
      return { name: 'account' };
    case 'campaign':
      return { name: 'campaign' };
    case 'daily':
      return { name: 'daily' };
    case 'storm':
      return { name: 'storm' };
    case 'friends':
      return { name: 'friends' };
    case 'challenges':
      return { name: 'challenges' };
    case 'challenge': {
      const id = decodeURIComponent(parts[1] ?? '');
      return CHALLENGE_ID_PATTERN.test(id) ? { name: 'challenge', id } : { name: 'challenges' };
    }
    case 'rated':
      return { name: 'rated' };
    case 'live':
      return { name: 'live' };
    case 'review':
      return { name: 'review' };
    case 'leaderboards':
      return { name: 'leaderboards' };
    case 'arenas':
      return { name: 'arenas' };
    case 'arena': {
      const id = decodeURIComponent(parts[1] ?? '');
      return /^[\w-]{1,64}$/.test(id) ? { name: 'arena', id } : { name: 'arenas' };
    }
    case 'player': {
      const id = decodeURIComponent(parts[1] ?? '');
      return /^[\w-]{1,64}$/.test(id) ? { name: 'player', id } : { name: 'home' };
    }
    case 'replay': {
      const id = decodeURIComponent(parts[1] ?? '');
      return /^[\w-]{1,64}$/.test(id) ? { name: 'replay', id } : { name: 'home' };
    }
    case 'boards':
      return { name: 'boards' };
    case 'board': {
      const id = decodeURIComponent(parts[1] ?? '');
      return BOARD_ID_PATTERN.test(id) ? { name: 'board', id } : { name: 'boards' };
    }
    case 'misses': {
      const run = decodeURIComponent(parts[1] ?? '');
      return /^[1-9]\d{0,15}$/.test(run) ? { name: 'misses', run: Number(run) } : { name: 'home' };
    }
    case 'run': {
      const id = decodeURIComponent(parts[1] ?? '');
      return /^[1-9]\d{0,15}$/.test(id) ? { name: 'run', id } : { name: 'home' };
    }
    default:
      return { name: 'home' };
  }
}

export function go(path: string): void {
  window.location.hash = `#/${path}`;
}
