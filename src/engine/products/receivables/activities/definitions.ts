/**
 * receivablesCustomerAccountActivities (one row per customer account) and
 * receivablesCustomerAccountSiteActivities (one row per bill-to site) as data (spec 000 § Other
 * read-only resources; § What the service does 8). Exactly the emitted sets of the spec: AccountId,
 * AccountNumber, CustomerId, CustomerName, TaxpayerIdentificationNumber, TaxRegistrationNumber, the
 * audit fields and the account-named totals; the site resource has BillToSiteUseId and the
 * site-named totals instead. No name is carried between the two, and no currency attribute exists.
 *
 * The rows are projections of customer accounts and BILL_TO site uses (rows.ts); the totals are read
 * from ledger.ts. Totals are derived on read from other records: they filter, they do not sort.
 *
 * Finders: the real CustomerAccountActivitiesFinder / CustomerAccountSiteActivitiesFinder with their
 * customer variables; TransactionLimitByDays and TransactionStatus (which limit the children in the
 * real product) are refused by name: filter the children with q instead.
 */
import type { Row } from '../../../core/types.ts';
import { amount, datetime, defineResource, field, num, relatedTo, str } from '../rest/define.ts';
import { FW, REST_CODES } from '../rest/errors.ts';
import type { FieldDef, FinderDef, ReadContext } from '../rest/types.ts';
import { ACTIVITY_CHILDREN } from './children.ts';
import { accountTotals, siteTotals, ZERO_TOTALS } from './ledger.ts';

const accountTotal = (which: 'open' | 'due') => (row: Row, rc: ReadContext) => (accountTotals(rc.data).get(Number(row.AccountId)) ?? ZERO_TOTALS)[which].toFixed(2);
const siteTotal = (which: 'open' | 'due') => (row: Row, rc: ReadContext) => (siteTotals(rc.data).get(Number(row.BillToSiteUseId)) ?? ZERO_TOTALS)[which].toFixed(2);

const total = (name: string, value: (row: Row, rc: ReadContext) => string): FieldDef =>
  field(name, 'number', ['ro', 'q', 'derived'], { precision: 18, scale: 2, value });

/** The customer attributes both resources emit (queryable: the finder's customer variables and the ids). */
function customerFields(): FieldDef[] {
  return [
    relatedTo(num('AccountId', 'ro', 'q'), { resource: 'receivablesCustomerAccountSiteActivities', column: 'AccountId', title: 'Bill-to sites of this account' }),
    relatedTo(str('AccountNumber', 30, 'ro', 'q'), { resource: 'receivablesCreditMemos', column: 'BillToCustomerNumber', title: 'Credit memos of this account' }),
    relatedTo(num('CustomerId', 'ro', 'q'), { resource: 'receivablesInvoices', column: 'BillToPartyId', title: 'Invoices of this customer' }),
    str('CustomerName', 360, 'ro', 'q'),
    str('TaxpayerIdentificationNumber', 20, 'ro', 'q'),
    str('TaxRegistrationNumber', 50, 'ro', 'q'),
    str('CreatedBy', 64, 'ro'),
    datetime('CreationDate', 'ro'),
    str('LastUpdatedBy', 64, 'ro'),
    datetime('LastUpdateDate', 'ro', 'q'),
  ];
}

/** A finder over the customer variables (exact match, like the real finder's bind variables). */
function customerFinder(name: string): FinderDef {
  const vars = ['AccountNumber', 'CustomerName', 'TaxRegistrationNumber', 'TaxpayerIdentificationNumber'] as const;
  return {
    name,
    variables: vars.map((v) => ({ name: v, type: 'string' as const })),
    refusedVariables: ['TransactionLimitByDays', 'TransactionStatus'],
    resolve: (bound) => ({ filter: (row) => vars.every((v) => bound[v] === undefined || row[v] === bound[v]) }),
  };
}

const childArrays = () => Object.keys(ACTIVITY_CHILDREN).map((name) => field(name, 'array', ['ro']));

export const accountActivityResource = defineResource({
  name: 'receivablesCustomerAccountActivities',
  title: 'Customer Account Activity',
  titlePlural: 'Customer Account Activities',
  kind: 'customerAccount',
  key: 'AccountId',
  fields: [
    ...customerFields().map((f) => (f.name === 'AccountId' ? { ...f, key: true } : f)),
    total('TotalOpenReceivablesForAccount', accountTotal('open')),
    total('TotalTransactionsDueForAccount', accountTotal('due')),
    ...childArrays(),
  ],
  children: ACTIVITY_CHILDREN,
  defaultOrderBy: 'AccountNumber:asc',
  finders: [customerFinder('CustomerAccountActivitiesFinder')],
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: FW.NO_SUCH_ITEM },
  badKeyCode: REST_CODES.BAD_PARAM,
});

export const siteActivityResource = defineResource({
  name: 'receivablesCustomerAccountSiteActivities',
  title: 'Customer Account Site Activity',
  titlePlural: 'Customer Account Site Activities',
  kind: 'siteUse',
  key: 'BillToSiteUseId',
  fields: [
    num('BillToSiteUseId', 'key', 'q'),
    ...customerFields(),
    total('TotalOpenReceivablesForSite', siteTotal('open')),
    total('TotalTransactionsDueForSite', siteTotal('due')),
    ...childArrays(),
  ],
  children: ACTIVITY_CHILDREN,
  defaultOrderBy: 'AccountNumber:asc,BillToSiteUseId:asc',
  finders: [customerFinder('CustomerAccountSiteActivitiesFinder')],
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: FW.NO_SUCH_ITEM },
  badKeyCode: REST_CODES.BAD_PARAM,
});
