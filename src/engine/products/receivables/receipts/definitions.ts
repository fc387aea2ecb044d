/**
 * Standard receipts and remittance references as data (spec 000 § Standard receipt (standardReceipts),
 * Remittance reference, Standard receipts endpoint table, Receipt rules 1-5; queryable list from
 * § Common query parameters). Lengths the spec leaves open are the simulator's, marked below.
 */
import { KIND, RECEIPT_MATCH_BY, type StandardReceiptRow } from '../book/records.ts';
import { amount, bool, date, datetime, defineResource, field, int, num, relatedTo, str, ACTION } from '../rest/define.ts';
import { REST_CODES } from '../rest/errors.ts';
import type { FieldDef } from '../rest/types.ts';
import { receiptsFinder } from './finder.ts';

/** Codes of receipt refusals: the spec's two, and the simulator's where the spec says "not shown". */
export const RCP = {
  DUPLICATE: 'AR_RCP_DUP_NUM',
  BAD_METHOD: 'AR_INVAL_RECEIPT_MTH_ID',
  NO_PRIVILEGE: 'FND_SECURITY_INSUFFICIENT_PRIVILEGE',
  /** 400 required attributes missing (each listed in o:errorDetails). */
  MISSING_REQUIRED: 'SIM-RCP-4000',
  /** 400 customer information that does not resolve (names the attribute). */
  UNKNOWN_CUSTOMER: 'SIM-RCP-4001',
  /** 400 Amount or ReferenceAmount not positive or not expressible in the currency. */
  BAD_AMOUNT: 'SIM-RCP-4002',
  /** 400 Currency undefined or disabled. */
  BAD_CURRENCY: 'SIM-RCP-4003',
  /** 400 BusinessUnit not configured. */
  BAD_BUSINESS_UNIT: 'SIM-RCP-4004',
  /** 400 an attribute Receipt rule 2 rejects (installment targeting, provider payment ids). */
  REJECTED_ATTRIBUTE: 'SIM-RCP-4005',
  /** 400 PATCH of a receipt in a state that refuses it (Receipt rule 4). */
  PATCH_REFUSED: 'SIM-RCP-4006',
  /** 400 DELETE of a receipt with applications or in a state that refuses it (Receipt rule 5). */
  DELETE_REFUSED: 'SIM-RCP-4007',
} as const;

/** Receipt rule 2: attributes that target installments or carry provider ids; refused by name. */
export const REJECTED_RECEIPT_ATTRIBUTES = ['InstallmentId', 'PaymentScheduleId', 'InstallmentNumber', 'externalPaymentId', 'paymentId'] as const;

/** The four attributes PATCH accepts (Standard receipts endpoint table). */
export const RECEIPT_PATCHABLE = ['CustomerAccountNumber', 'CustomerBankAccountNumber', 'CustomerName', 'CustomerSite'] as const;

export const referenceResource = defineResource({
  name: 'remittanceReferences',
  title: 'Remittance Reference',
  titlePlural: 'Remittance References',
  kind: KIND.remittanceReference,
  parentField: 'receiptId',
  rowsOf: (parent, data) => ((parent as StandardReceiptRow).referenceIds ?? []).map((id) => data.get(KIND.remittanceReference, String(id))).filter((r) => r !== undefined),
  key: 'RemittanceReferenceId',
  fields: [
    num('RemittanceReferenceId', 'key', 'q'),
    field('ReceiptMatchBy', 'string', ['q'], { maxLength: 30, values: RECEIPT_MATCH_BY }),
    str('ReferenceNumber', 50, 'q'),
    amount('ReferenceAmount'),
    str('CustomerReason', 30), // simulator limit
    str('CustomerReference', 100), // simulator limit
    str('CreatedBy', 64, 'ro'),
    datetime('CreationDate', 'ro'),
    str('LastUpdatedBy', 64, 'ro'),
    datetime('LastUpdateDate', 'ro'),
  ],
  defaultOrderBy: 'RemittanceReferenceId:asc',
  params: {
    collection: ['q', 'fields', 'limit', 'offset', 'totalResults', 'onlyData', 'links', 'orderBy', 'finder'],
    item: ['fields', 'onlyData', 'links'],
  },
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  badKeyCode: REST_CODES.BAD_ID,
  queryableNote: 'Queryable remittance reference attributes: RemittanceReferenceId, ReceiptMatchBy, ReferenceNumber.',
  collectionActions: [
    ACTION.getCollection,
    ACTION.create,
  ],
});

/** Business unit, customer and site names that q resolves to identifiers (Common query parameters). */
const resolved = (f: FieldDef, kind: string, nameField: string, idField: string, rowField: string): FieldDef => ({
  ...f,
  resolvedBy: { kind, nameField, idField, rowField },
});

export const receiptResource = defineResource({
  name: 'standardReceipts',
  title: 'Standard Receipt',
  titlePlural: 'Standard Receipts',
  kind: KIND.standardReceipt,
  key: 'StandardReceiptId',
  fields: [
    int('StandardReceiptId', 'key', 'q'),
    str('ReceiptNumber', 30, 'q'),
    str('ReceiptMethod', 30, 'req'),
    resolved(str('BusinessUnit', 240, 'req', 'q'), KIND.businessUnit, 'BusinessUnitName', 'BusinessUnitId', 'businessUnitId'),
    amount('Amount', 'req'),
    str('Currency', 3, 'req'),
    date('ReceiptDate', 'req', 'q'),
    date('AccountingDate'),
    relatedTo(str('CustomerAccountNumber', 30, 'upd', 'q'), { resource: 'standardReceipts', column: 'CustomerAccountNumber', title: 'Receipts of this customer' }),
    resolved(str('CustomerName', 360, 'upd', 'q'), KIND.customerAccount, 'AccountName', 'CustomerAccountId', 'customerAccountId'),
    resolved(str('CustomerSite', 150, 'upd', 'q'), KIND.siteUse, 'Location', 'SiteUseId', 'customerSiteUseId'),
    str('CustomerBankAccountNumber', 30, 'upd'),
    field('State', 'string', ['ro'], { maxLength: 30, values: ['APPLIED', 'UNAPPLIED', 'UNIDENTIFIED', 'INSUFFICIENT FUNDS', 'REVERSE PAYMENT', 'STOP PAYMENT'] }),
    field('Status', 'string', ['ro'], { maxLength: 30, values: ['CONFIRMED', 'CLEARED', 'APPROVED', 'REMITTED'] }),
    amount('UnappliedAmount', 'ro'),
    str('StructuredPaymentReference', 256), // simulator limit
    str('DocumentNumber', 30),
    str('Comments', 2000), // simulator limit
    date('MaturityDate'),
    date('PostmarkDate'),
    date('ConversionDate'),
    field('ConversionRate', 'number', [], { precision: 18, scale: 10 }),
    str('ConversionRateType', 30),
    str('RemittanceBankAccountNumber', 30), // simulator limit
    str('RemittanceBankName', 360, 'ro'),
    str('RemittanceBankBranch', 360, 'ro'),
    bool('RemittanceBankAllowOverride'),
    date('RemittanceBankDepositDate'),
    str('CardHolderFirstName', 150), // simulator limit
    str('CardHolderLastName', 150), // simulator limit
    str('CreditCardTokenNumber', 30), // simulator limit
    date('CreditCardExpirationDate'),
    str('CreditCardIssuerCode', 30),
    // An integer in the real product; a non-numeric value is laxly accepted (the table says so).
    field('CreditCardAuthorizationRequestIdentifier', 'integer', [], { precision: 18, lax: true }),
    str('VoiceAuthorizationCode', 30),
    field('standardReceiptDFF', 'object'),
    field('standardReceiptGdf', 'object'),
    field('remittanceReferences', 'array'),
    str('CreatedBy', 64, 'ro'),
    datetime('CreationDate', 'ro'),
    str('LastUpdatedBy', 64, 'ro'),
    datetime('LastUpdateDate', 'ro'),
  ],
  children: { remittanceReferences: referenceResource },
  defaultOrderBy: 'StandardReceiptId:desc',
  finders: [receiptsFinder],
  params: {
    collection: ['q', 'fields', 'limit', 'offset', 'orderBy', 'totalResults', 'onlyData', 'links', 'expand', 'finder'],
    item: ['fields', 'onlyData', 'links', 'expand'],
  },
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  badKeyCode: REST_CODES.BAD_ID,
  queryableNote:
    'Queryable receipt attributes: StandardReceiptId, ReceiptNumber, ReceiptDate, CustomerAccountNumber, CustomerName, CustomerSite, BusinessUnit. Receipts have no LastUpdateDate watermark; incremental sync works on invoices only.',
  collectionActions: [
    ACTION.getCollection,
    ACTION.create,
  ],
  itemActions: [
    ACTION.getItem,
    ACTION.update,
    ACTION.delete,
  ],
});
