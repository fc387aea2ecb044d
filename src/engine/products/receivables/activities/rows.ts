/**
 * The parent rows of the two activity resources, projected under their API names: one per customer
 * account, one per BILL_TO site use. Only account attributes are read (they never change through
 * the API), cached through data.derived on those kinds; totals are fields read from ledger.ts.
 */
import type { DataView, Row } from '../../../core/types.ts';
import { KIND, type CustomerAccountRow, type SiteUseRow } from '../book/records.ts';

export interface Projection {
  rows: Row[];
  byKey: Map<string, Row>;
}

const AUDIT_USER = 'SEED.LOADER';

function customer(a: CustomerAccountRow): Row {
  return {
    AccountId: a.CustomerAccountId,
    AccountNumber: a.AccountNumber,
    CustomerId: a.PartyId,
    CustomerName: a.PartyName,
    TaxpayerIdentificationNumber: a.TaxpayerIdentificationNumber,
    TaxRegistrationNumber: a.TaxRegistrationNumber,
    CreatedBy: AUDIT_USER,
    CreationDate: a.CreationDate,
    LastUpdatedBy: AUDIT_USER,
    LastUpdateDate: a.LastUpdateDate,
  };
}

export function accountActivityRows(data: DataView): Projection {
  return data.derived('act:rows:account', [KIND.customerAccount], () => {
    const rows = data.list<CustomerAccountRow>(KIND.customerAccount).map(customer);
    return { rows, byKey: new Map(rows.map((r) => [String(r.AccountId), r])) };
  });
}

export function siteActivityRows(data: DataView): Projection {
  return data.derived('act:rows:site', [KIND.customerAccount, KIND.siteUse], () => {
    const rows: Row[] = [];
    for (const u of data.list<SiteUseRow>(KIND.siteUse)) {
      if (u.SiteUseCode !== 'BILL_TO') continue;
      const a = data.get<CustomerAccountRow>(KIND.customerAccount, String(u.customerAccountId));
      if (a) rows.push({ BillToSiteUseId: u.SiteUseId, ...customer(a) });
    }
    return { rows, byKey: new Map(rows.map((r) => [String(r.BillToSiteUseId), r])) };
  });
}
