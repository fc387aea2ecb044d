/**
 * The receipt privileges an OAuth client can hold (spec 000 § Authentication 5). A leaf module with
 * no imports, so the playground can list them without bundling the receivables engine.
 */
export const RECEIPT_PRIVILEGES = ['AR_CREATE_RECEIVABLES_RECEIPT_PRIV', 'AR_MANAGE_RECEIVABLES_RECEIPT_PRIV'];
