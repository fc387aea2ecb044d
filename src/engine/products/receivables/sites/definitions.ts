/**
 * customerAccountSitesLOV as data (spec 000 § Other read-only resources: "one row per customer
 * account site use; names usable as BillToSite on invoice create. It carries no address attributes
 * and no SiteUseCode"). One row per stored site use (BILL_TO and SHIP_TO alike); `Location` is the
 * name BillToSite takes. Which row is a bill-to use is not shown, as in the real list of values.
 */
import { KIND, type SiteUseRow } from '../book/records.ts';
import { accountById } from '../book/lookups.ts';
import { bool, defineResource, field, num, relatedTo, str } from '../rest/define.ts';
import { FW, REST_CODES } from '../rest/errors.ts';
import type { ReadContext } from '../rest/types.ts';
import type { Row } from '../../../core/types.ts';

/** The account of a site use (accounts never change through the API, so sorting on it is stable). */
const account = (row: Row, rc: ReadContext) => accountById(rc.data, (row as SiteUseRow).customerAccountId);

export const siteLovResource = defineResource({
  name: 'customerAccountSitesLOV',
  title: 'Customer Account Site',
  titlePlural: 'Customer Account Sites',
  kind: KIND.siteUse,
  key: 'SiteUseId',
  fields: [
    num('SiteUseId', 'key', 'q'),
    str('Location', 150, 'ro', 'q'),
    field('CustomerAccountSiteId', 'number', ['ro', 'q'], { precision: 18, value: (row) => (row as SiteUseRow).customerAccountSiteId }),
    field('CustomerAccountId', 'number', ['ro', 'q'], { precision: 18, value: (row) => (row as SiteUseRow).customerAccountId }),
    relatedTo(
      field('AccountNumber', 'string', ['ro', 'q'], { maxLength: 30, value: (row, rc) => account(row, rc)?.AccountNumber ?? null }),
      { resource: 'receivablesCustomerAccountActivities', column: 'AccountNumber', title: 'The account activity' },
    ),
    field('AccountName', 'string', ['ro', 'q'], { maxLength: 240, value: (row, rc) => account(row, rc)?.AccountName ?? null }),
    bool('PrimaryFlag', 'ro'),
    field('Status', 'string', ['ro', 'q'], { values: ['A', 'I'] }),
  ],
  defaultOrderBy: 'SiteUseId:asc',
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: FW.NO_SUCH_ITEM },
  badKeyCode: REST_CODES.BAD_PARAM,
});
