/** A report of a board entry by a signed-in player, for an operator to look at. */
export interface Report {
  readonly reporter: string;
  /** A solo run (`run`, its id) or a player on a rating board (`player`, the account id). */
  readonly kind: 'run' | 'player';
  readonly target: string;
  readonly reason: string;
  readonly at: number;
}

/** Reports of board entries (`reports`), for an operator to look at. */
export interface Reports {
  /** Keeps a report; false (and nothing changed) when this reporter already reported this entry. */
  saveReport(report: Report): Promise<boolean>;
  /** Every report, earliest first. */
  reports(): Promise<Report[]>;
}
