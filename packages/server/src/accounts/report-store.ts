/** A report of a board entry by a signed-in player, for an operator to look at. */
export interface Report {
  readonly reporter: string;
  /** A solo run (`run`, its id), a player on a rating board (`player`, the account id) or a shared board (`board`, its id). */
  readonly kind: 'run' | 'player' | 'board';
  readonly target: string;
  readonly reason: string;
  readonly at: number;
}

/** A report as stored: when a reviewer's decision on its entry settled it (null: it still raises the entry). */
export interface StoredReport extends Report {
  readonly settledAt: number | null;
}

/** Reports of board entries (`reports`), for an operator to look at. */
export interface Reports {
  /** Keeps a report; false (and nothing changed) when this reporter already reported this entry. */
  saveReport(report: Report): Promise<boolean>;
  /** Every report (`open`: only those not settled yet), earliest first. */
  reports(open?: boolean): Promise<StoredReport[]>;
  /** Settles every open report of entry `kind` `target` as of `at` (a reviewer decided it); how many it settled. */
  settleReports(kind: Report['kind'], target: string, at: number): Promise<number>;
}
