/**
 * Who a receipt is from: CustomerAccountNumber, CustomerName and CustomerSite resolved to the
 * account and bill-to site use (spec 000 § Standard receipt state table: a resolved customer makes
 * the receipt UNAPPLIED, no customer information leaves it UNIDENTIFIED). Information that is given
 * but does not resolve is refused naming the attribute, never a silent UNIDENTIFIED.
 */
import type { DataView } from '../../../core/types.ts';
import { accountByName, accountByNumber, billToUses } from '../book/lookups.ts';
import type { CustomerAccountRow, SiteUseRow } from '../book/records.ts';
import { RestError } from '../rest/errors.ts';
import { RCP } from './definitions.ts';

export interface CustomerInfo {
  CustomerAccountNumber?: string | null;
  CustomerName?: string | null;
  CustomerSite?: string | null;
}

export interface ResolvedCustomer {
  account: CustomerAccountRow;
  site: SiteUseRow | null;
}

const refuse = (path: string, detail: string) => new RestError(400, RCP.UNKNOWN_CUSTOMER, detail, { path });
const given = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** The customer the information names, or null when none is given (UNIDENTIFIED). */
export function resolveCustomer(data: DataView, info: CustomerInfo): ResolvedCustomer | null {
  const { CustomerAccountNumber: number, CustomerName: name, CustomerSite: site } = info;
  if (!given(number) && !given(name)) {
    if (given(site)) throw refuse('CustomerSite', `CustomerSite ${site} cannot be resolved without CustomerAccountNumber or CustomerName.`);
    return null;
  }
  let account: CustomerAccountRow | undefined;
  if (given(number)) {
    account = accountByNumber(data, number.trim());
    if (!account || account.Status !== 'A') {
      const hint = /^\d{15,}$/.test(number.trim()) ? ' It looks like an internal id (such as an invoice BillToPartyId); send the customer account number.' : '';
      throw refuse('CustomerAccountNumber', `CustomerAccountNumber ${number} does not resolve to an active customer account.${hint}`);
    }
    if (given(name) && name.trim().toLowerCase() !== account.AccountName.toLowerCase()) {
      throw refuse('CustomerName', `CustomerName ${name} does not match customer account ${account.AccountNumber} (${account.AccountName}).`);
    }
  } else if (given(name)) {
    account = accountByName(data, name.trim());
    if (!account || account.Status !== 'A') throw refuse('CustomerName', `CustomerName ${name} does not resolve to an active customer account.`);
  }
  const acc = account as CustomerAccountRow;
  let use: SiteUseRow | null = null;
  if (given(site)) {
    use = billToUses(data, acc.CustomerAccountId).find((u) => u.Location === site.trim()) ?? null;
    if (!use) throw refuse('CustomerSite', `${site} is not a bill-to site of customer account ${acc.AccountNumber}.`);
  }
  return { account: acc, site: use };
}
