/** What every write needs besides the transaction: who writes and when. */
export interface WriteCtx {
  /** OWNERLOGIN: the authenticated API user or PAT owner. */
  login: string;
  now: Date;
  /** ISO instant recorded as `_changedAt` (spec 001 § Query options, $since). */
  changedAt: string;
}
