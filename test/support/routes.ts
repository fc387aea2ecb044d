/**
 * Every read path of an environment, found the way a client would (the first row of each
 * collection opens its item and children): for sweeps that assert "every route answers without a
 * 5xx" (issue 26).
 */
import { accountActivityResource, siteActivityResource } from '../../src/engine/products/receivables/activities/definitions.ts';
import { adjustmentResource } from '../../src/engine/products/receivables/adjustments/definitions.ts';
import { contactResource } from '../../src/engine/products/receivables/contacts/definitions.ts';
import { creditMemoResource } from '../../src/engine/products/receivables/creditmemos/definitions.ts';
import { invoiceResource } from '../../src/engine/products/receivables/invoices/definitions.ts';
import { receiptMethodResource } from '../../src/engine/products/receivables/receipt-methods/definitions.ts';
import { receiptResource } from '../../src/engine/products/receivables/receipts/definitions.ts';
import type { ResourceDef } from '../../src/engine/products/receivables/rest/types.ts';
import { siteLovResource } from '../../src/engine/products/receivables/sites/definitions.ts';
import { ENTITY_SETS, subformsOf } from '../../src/engine/products/odata/forms/registry.ts';
import { keyPredicate } from '../../src/engine/products/odata/query/keys.ts';

export const REST_ROOTS: readonly ResourceDef[] = [
  invoiceResource, receiptResource, contactResource, creditMemoResource, adjustmentResource,
  receiptMethodResource, siteLovResource, accountActivityResource, siteActivityResource,
];

export const REST = '/fscmRestApi/resources/11.13.18.05';
export const CRM = '/crmRestApi/resources/11.13.18.05';
export const ODATA = '/odata/Priority/tabula.ini/demo';

type Get = (path: string) => Promise<Response>;

/** Receivables: each collection (every child expanded, totals asked), its describe, first item and children. */
export async function receivablesReadPaths(get: Get): Promise<string[]> {
  const out: string[] = [];
  for (const def of REST_ROOTS) {
    const collection = `${def.api === 'crm' ? CRM : REST}/${def.name}`;
    out.push(`${collection}?expand=all&totalResults=true&limit=50`, `${collection}/describe`);
    const res = await get(`${collection}?limit=1&onlyData=true`);
    if (res.status !== 200) continue;
    const row = ((await res.json()) as { items?: Record<string, unknown>[] }).items?.[0];
    if (!row) continue;
    const item = `${collection}/${encodeURIComponent(String(row[def.pathKey ?? def.key]))}`;
    out.push(`${item}?expand=all`);
    for (const accessor of Object.keys(def.children)) out.push(`${item}/child/${accessor}?totalResults=true`);
  }
  return out;
}

/** OData: each entity set with every subform expanded, $count, first item and its subforms. */
export async function odataReadPaths(get: Get): Promise<string[]> {
  const out: string[] = [`${ODATA}/`, `${ODATA}/$metadata`];
  for (const form of ENTITY_SETS) {
    const subs = subformsOf(form).map((s) => s.name);
    out.push(`${ODATA}/${form.name}?$top=50${subs.length ? `&$expand=${subs.join(',')}` : ''}`, `${ODATA}/${form.name}/$count`);
    const res = await get(`${ODATA}/${form.name}?$top=1`);
    if (res.status !== 200) continue;
    const row = ((await res.json()) as { value?: Record<string, unknown>[] }).value?.[0];
    if (!row) continue;
    const item = `${ODATA}/${form.name}${keyPredicate(form, row).replace(/[#?%\s]/g, (c) => encodeURIComponent(c))}`;
    out.push(item);
    for (const sub of subs) out.push(`${item}/${sub}`);
  }
  return out;
}
