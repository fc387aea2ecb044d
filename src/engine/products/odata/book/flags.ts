/** Bookkeeping fields the write side keeps on rows (never serialized: they start with `_`). */

/** On CUSTOMERS rows: created without a CUSTNAME, so numbered with a temporary T-number. */
export const TEMPORARY = '_temporary';

/** Invoice status texts (AINVOICES/TINVOICES STATDES). */
export const STATUS = { draft: 'Draft', final: 'Final', canceled: 'Canceled' } as const;

/** Customer status list of the instance (spec 001 write rule 4). */
export const CUSTOMER_STATUSES: readonly string[] = ['Active', 'Potential'];

/** Document key values: DEBIT 'D' (debit document), IVTYPE 'A' sales invoice, 'T' receipt. */
export const DEBIT_DEBIT = 'D';
export const IVTYPE_INVOICE = 'A';
export const IVTYPE_RECEIPT = 'T';
export const CURRENCY = 'USD';
