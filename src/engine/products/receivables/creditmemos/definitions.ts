/**
 * The credit memo and credit memo line resources as data (spec 000 § Credit memo
 * (receivablesCreditMemos), Credit memo line; § Credit memos endpoint table). The nine queryable
 * header attributes are the simulator's choice (the spec says "nine" without naming them):
 * CustomerTransactionId, TransactionNumber, BusinessUnit, TransactionDate, BillToCustomerNumber,
 * CreditMemoCurrency, CreditMemoStatus, TransactionBalanceDue, LastUpdateDate.
 */
import { KIND, type CreditMemoRow } from '../book/records.ts';
import { amount, date, datetime, defineResource, field, num, relatedTo, str, ACTION } from '../rest/define.ts';
import { FW, REST_CODES } from '../rest/errors.ts';
import type { DataView, Row } from '../../../core/types.ts';

export const CREDIT_MEMO_STATUS_VALUES = ['Complete', 'Incomplete', 'Frozen'] as const;
export const CREDIT_MEMO_TYPE = 'Credit Memo';
export const LINES = 'receivablesCreditMemoLines';

/**
 * Children the emulated product's credit memo has beside its lines, which the simulator does not
 * offer (support matrix: "The seven other credit memo children (distributions, attachments, notes,
 * flexfield children) | 404"): refused by name with 404 under the header path. The real header
 * lists these six; the line-level ones below make up the rest.
 */
export const OTHER_MEMO_CHILDREN = [
  'receivablesCreditMemoDistributions',
  'attachments',
  'notes',
  'receivablesCreditMemoDFF',
  'receivablesCreditMemoGdf',
  'receivablesCreditMemoTransactionDFF',
] as const;

/** Children of the real product's credit memo lines, refused by name under a line path. */
export const OTHER_LINE_CHILDREN = [
  'attachments',
  'receivablesCreditMemoLineDFF',
  'receivablesCreditMemoLineGdf',
  'receivablesCreditMemoLineTaxLines',
  'receivablesCreditMemoLineTransactionDFF',
] as const;

/** Actions of the real resource (26C) the simulator refuses by name with 404. */
export const REFUSED_MEMO_ACTIONS = ['approve', 'rework'] as const;


export const creditMemoLineResource = defineResource({
  name: LINES,
  title: 'Credit Memo Line',
  titlePlural: 'Credit Memo Lines',
  kind: KIND.creditMemoLine,
  parentField: 'creditMemoId',
  // Lines are found through the ids kept on the header, not a grouped index over every line.
  rowsOf: (parent: Row, data: DataView) =>
    ((parent as CreditMemoRow).lineIds ?? []).map((id) => data.get(KIND.creditMemoLine, String(id))).filter((r): r is Row => !!r),
  key: 'CustomerTransactionLineId',
  fields: [
    num('CustomerTransactionLineId', 'key', 'q'),
    field('LineNumber', 'number', ['req', 'q'], { precision: 18 }),
    str('LineDescription', 240),
    amount('LineAmountCredit', 'req', 'q'),
    field('LineQuantityCredit', 'number', [], { precision: 18, scale: 4 }),
  ],
  defaultOrderBy: 'LineNumber:asc',
  params: {
    collection: ['q', 'fields', 'limit', 'offset', 'totalResults', 'onlyData', 'links', 'orderBy', 'finder'],
    item: ['fields', 'onlyData', 'links'],
  },
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: FW.NO_SUCH_ITEM },
  badKeyCode: REST_CODES.BAD_PARAM,
  queryableNote: 'Queryable credit memo line attributes: CustomerTransactionLineId, LineNumber, LineAmountCredit.',
  collectionActions: [ACTION.getCollection, ACTION.create],
});

export const MEMO_QUERYABLE = [
  'CustomerTransactionId', 'TransactionNumber', 'BusinessUnit', 'TransactionDate', 'BillToCustomerNumber',
  'CreditMemoCurrency', 'CreditMemoStatus', 'TransactionBalanceDue', 'LastUpdateDate',
] as const;

export const creditMemoResource = defineResource({
  name: 'receivablesCreditMemos',
  title: 'Receivables Credit Memo',
  titlePlural: 'Receivables Credit Memos',
  kind: KIND.creditMemo,
  key: 'CustomerTransactionId',
  fields: [
    num('CustomerTransactionId', 'key', 'q'),
    // Supplied by the caller (spec 000 § Credit memo table), unlike an invoice's generated number.
    str('TransactionNumber', 30, 'req', 'q'),
    str('BusinessUnit', 240, 'req', 'q'),
    date('TransactionDate', 'req', 'q'),
    field('TransactionType', 'string', ['upd'], { maxLength: 20, values: [CREDIT_MEMO_TYPE] }),
    relatedTo(str('BillToCustomerNumber', 30, 'req', 'q'), { resource: 'receivablesCustomerAccountActivities', column: 'AccountNumber', title: 'The customer account activity' }),
    str('CreditMemoCurrency', 15, 'q'),
    str('CreditReason', 240),
    field('CreditMemoStatus', 'string', ['q', 'upd'], { maxLength: 30, values: CREDIT_MEMO_STATUS_VALUES }),
    str('RecipientEmail', 240, 'upd'),
    amount('EnteredAmount', 'ro'),
    amount('TransactionBalanceDue', 'ro', 'q'),
    datetime('LastUpdateDate', 'ro', 'q'),
    field(LINES, 'array', ['req']),
  ],
  children: { [LINES]: creditMemoLineResource },
  defaultOrderBy: 'CustomerTransactionId:desc',
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: FW.NO_SUCH_ITEM },
  badKeyCode: REST_CODES.BAD_PARAM,
  queryableNote: `Queryable credit memo attributes: ${MEMO_QUERYABLE.join(', ')}.`,
  collectionActions: [ACTION.getCollection, ACTION.create],
  itemActions: [
    ACTION.getItem,
    ACTION.update,
  ],
});
