/** The value types the receivables records use (records.ts § Conventions). */

/** Decimal amount as a string, e.g. "1250.00" (never a float). */
export type Amount = string;
/** `yyyy-MM-dd`. */
export type IsoDate = string;
/** `yyyy-MM-ddTHH:mm:ss.sss+0000`. */
export type Timestamp = string;
