// Issue 3 § 3 (examples and error reproductions drive the UI): every invoice example and every
// reproduction answers as documented on a freshly seeded environment.
import { describe, expect, it } from 'vitest';
import { invoiceErrorReproductions, invoiceExamples, invoiceResources } from '../../../src/engine/products/receivables/invoices/catalog.ts';
import { openApi } from './helpers.ts';

describe('invoice catalog', () => {
  it('each example answers its expected status (sent in order to one fresh environment)', async () => {
    const api = await openApi();
    for (const ex of invoiceExamples) {
      const res = await api.call(ex.method, ex.path, ex.body, ex.headers);
      expect(res.status, `${ex.id}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(ex.expectStatus);
    }
  });

  it('each error reproduction yields its code and status', async () => {
    const api = await openApi();
    for (const [code, ex] of Object.entries(invoiceErrorReproductions)) {
      const res = await api.call(ex.method, ex.path, ex.body, ex.headers);
      expect(res.status, code).toBe(ex.expectStatus);
      if (code !== '409') expect(res.body['o:errorCode'], `${code}: ${JSON.stringify(res.body)}`).toBe(code);
    }
  });

  it('resources describe invoices, lines and installments', () => {
    expect(invoiceResources.map((r) => r.name)).toEqual(['receivablesInvoices', 'receivablesInvoiceLines', 'receivablesInvoiceInstallments']);
    expect(invoiceResources[0]!.children.map((c) => c.name)).toEqual(['receivablesInvoiceLines', 'receivablesInvoiceInstallments']);
  });
});
