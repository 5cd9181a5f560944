/** What one account is to another (migration 021): it follows them, or blocks them. */
export const LINK_KINDS = ['follow', 'block'] as const;

export type LinkKind = (typeof LINK_KINDS)[number];

/** One account's link to another: at most one a direction (a block takes a follow's place). */
export interface AccountLink {
  readonly from: string;
  readonly to: string;
  readonly kind: LinkKind;
  readonly at: number;
}

/** Friends: who follows whom, who blocks whom (docs/accounts.md, "Friends"). */
export interface Friends {
  /** `from`'s link to `to` is now `kind`, since `at` (an existing link of `from` to `to` is replaced). */
  setAccountLink(link: AccountLink): Promise<void>;
  /** `from` has no link to `to` any more (none is fine). */
  dropAccountLink(from: string, to: string): Promise<void>;
  /** Every link from or to `accountId`, oldest first (ties by `from`, then `to`). */
  accountLinks(accountId: string): Promise<AccountLink[]>;
}
