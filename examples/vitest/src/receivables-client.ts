/**
 * The code under test: a small receivables client of the kind an integration team writes. It
 * records a customer's payment of an invoice as a standard receipt whose remittance reference names
 * the invoice (AutoMatch applies it), and reads invoices back. A 429 or 503 is retried (honouring
 * Retry-After, a few times); anything else that is not a success is thrown.
 */
export interface Api {
  /** The environment's base URL (`…/sim/<key>`) or a real tenant's host. */
  baseUrl: string;
  token: () => Promise<string>;
  /** Retries after a 429 or 503 (default 2). */
  retries?: number;
}

export interface Invoice {
  id: number;
  number: string;
  customerAccount: string;
  balance: number;
  currency: string;
}

export interface Payment {
  invoiceId: number;
  amount: number;
  receiptNumber: string;
  /** YYYY-MM-DD */
  date: string;
}

const REST = '/fscmRestApi/resources/11.13.18.05';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(api: Api, method: string, path: string, body?: unknown): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${api.baseUrl}${REST}${path}`, {
      method,
      headers: { authorization: `Bearer ${await api.token()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if ((res.status === 429 || res.status === 503) && attempt < (api.retries ?? 2)) {
      const wait = Number(res.headers.get('retry-after') ?? '1');
      await new Promise((r) => setTimeout(r, Math.min(wait, 2) * 100));
      continue;
    }
    const text = await res.text();
    if (!res.ok) throw new ApiError(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`, res.status);
    return JSON.parse(text) as T;
  }
}

export async function readInvoice(api: Api, id: number): Promise<Invoice> {
  const row = await call<Record<string, unknown>>(api, 'GET', `/receivablesInvoices/${id}?fields=CustomerTransactionId,TransactionNumber,BillToCustomerNumber,InvoiceBalanceAmount,InvoiceCurrencyCode`);
  return {
    id: row.CustomerTransactionId as number,
    number: row.TransactionNumber as string,
    customerAccount: row.BillToCustomerNumber as string,
    balance: row.InvoiceBalanceAmount as number,
    currency: row.InvoiceCurrencyCode as string,
  };
}

/** Post a receipt that pays (part of) an invoice; answers the receipt's id and the invoice as read before. */
export async function recordPayment(api: Api, payment: Payment): Promise<{ receiptId: number; invoice: Invoice }> {
  const invoice = await readInvoice(api, payment.invoiceId);
  const receipt = await call<{ StandardReceiptId: number }>(api, 'POST', '/standardReceipts', {
    ReceiptNumber: payment.receiptNumber,
    ReceiptDate: payment.date,
    Amount: payment.amount,
    Currency: invoice.currency,
    ReceiptMethod: 'Check',
    BusinessUnit: 'US1 Business Unit',
    CustomerAccountNumber: invoice.customerAccount,
    remittanceReferences: [{ ReferenceNumber: invoice.number, ReferenceAmount: payment.amount }],
  });
  return { receiptId: receipt.StandardReceiptId, invoice };
}
