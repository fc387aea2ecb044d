// The catalog-level describe with metadataMode (issue 39 § 1, describe), the real framework's
// convention beyond spec 000. Source: Oracle, "Access Metadata",
// https://docs.oracle.com/en/cloud/saas/financials/23d/farfa/Use_Metadata_Catalog.html (metadataMode=list:
// resource URLs only; metadataMode=minimal: limited metadata; the parameter is required there and
// cannot be used for one resource's describe).
import { beforeAll, describe, expect, it } from 'vitest';
import { INVOICES, openApi, REST, type Api } from '../invoices/helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

describe('GET {rest_base}/describe?metadataMode', () => {
  it('list: every resource of the root with its URLs and no metadata', async () => {
    const res = await api.call('GET', `${REST}/describe?metadataMode=list`);
    expect(res.status).toBe(200);
    const names = Object.keys(res.body.Resources);
    expect(names).toContain('receivablesInvoices');
    expect(names).toContain('standardReceipts');
    expect(names).not.toContain('contacts'); // contacts live under the CRM root
    const inv = res.body.Resources.receivablesInvoices;
    expect(Object.keys(inv)).toEqual(['links']);
    expect(inv.links[0].href).toMatch(new RegExp(`${api.base}${INVOICES}$`));
    const crm = await api.call('GET', '/crmRestApi/resources/11.13.18.05/describe?metadataMode=list');
    expect(Object.keys(crm.body.Resources)).toEqual(['contacts']);
  });

  it('minimal: titles and attribute names and types, without finders, actions or children', async () => {
    const res = await api.call('GET', `${REST}/describe?metadataMode=minimal`);
    expect(res.status).toBe(200);
    const inv = res.body.Resources.receivablesInvoices;
    expect(inv.title).toBe('Receivables Invoice');
    expect(inv.attributes).toContainEqual({ name: 'CustomerTransactionId', type: 'number' });
    expect(inv.collection).toBeUndefined();
    expect(inv.children).toBeUndefined();
    // The full describe of one resource says more.
    const full = await api.call('GET', `${INVOICES}/describe`);
    expect(full.body.Resources.receivablesInvoices.collection).toBeDefined();
  });

  it('the catalog describe needs metadataMode=list or minimal; a resource describe takes none', async () => {
    for (const q of ['', '?metadataMode=full', '?metadataMode=list&limit=2']) {
      const res = await api.call('GET', `${REST}/describe${q}`);
      expect(res.status, q).toBe(400);
    }
    expect((await api.call('GET', `${INVOICES}/describe?metadataMode=list`)).status).toBe(400);
  });
});
