import type { AccountLink, Friends } from '../friends/store.js';
import type { Gate } from './memory-shared.js';

/** Orders links oldest first, then by `from`, then by `to`: as the databases list them. */
export const byLinkAge = (a: AccountLink, b: AccountLink): number =>
  a.at - b.at || (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0);

/** Who follows or blocks whom, in memory. */
export class MemoryFriends implements Friends {
  /** By `from to`. */
  private readonly links = new Map<string, AccountLink>();

  constructor(private readonly gate: Gate) {}

  setAccountLink(link: AccountLink): Promise<void> {
    return this.gate.run(() => {
      this.links.set(`${link.from} ${link.to}`, { ...link });
    });
  }

  dropAccountLink(from: string, to: string): Promise<void> {
    return this.gate.run(() => {
      this.links.delete(`${from} ${to}`);
    });
  }

  accountLinks(accountId: string): Promise<AccountLink[]> {
    return this.gate.run(() =>
      [...this.links.values()]
        .filter((l) => l.from === accountId || l.to === accountId)
        .map((l) => ({ ...l }))
        .sort(byLinkAge),
    );
  }
}
