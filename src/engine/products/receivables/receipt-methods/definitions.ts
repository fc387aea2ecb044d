/**
 * receiptMethods as data (spec 000 § Other read-only resources: "the set of values accepted as
 * ReceiptMethod. No status attribute exists, so active and retired methods look identical";
 * real-product-facts: name, receipt class, start date, end date). Read-only; every attribute
 * queryable (the spec leaves the set open).
 */
import { KIND } from '../book/records.ts';
import { date, defineResource, num, str } from '../rest/define.ts';
import { FW, REST_CODES } from '../rest/errors.ts';

export const receiptMethodResource = defineResource({
  name: 'receiptMethods',
  title: 'Receipt Method',
  titlePlural: 'Receipt Methods',
  kind: KIND.receiptMethod,
  key: 'ReceiptMethodId',
  fields: [
    num('ReceiptMethodId', 'key', 'q'),
    str('Name', 30, 'ro', 'q'),
    str('ReceiptClass', 30, 'ro', 'q'),
    date('StartDate', 'ro', 'q'),
    date('EndDate', 'ro', 'q'),
  ],
  defaultOrderBy: 'ReceiptMethodId:asc',
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: FW.NO_SUCH_ITEM },
  badKeyCode: REST_CODES.BAD_PARAM,
});
