"""The code under test: records a customer's payment of an invoice as a standard receipt whose
remittance reference names the invoice, and reads invoices. A 429 or 503 is retried a few times
(honouring Retry-After); anything else that is not a success raises ApiError."""
import json
import time

from erp_sim import request

REST = "/fscmRestApi/resources/11.13.18.05"


class ApiError(Exception):
    def __init__(self, message, status):
        super().__init__(message)
        self.status = status


def call(api, method, path, body=None):
    retries = api.get("retries", 2)
    for attempt in range(retries + 1):
        headers = {"authorization": f"Bearer {api['token']()}"}
        status, res_headers, parsed = request(method, f"{api['base_url']}{REST}{path}", body, headers)
        if status in (429, 503) and attempt < retries:
            time.sleep(min(float(res_headers.get("retry-after") or 1), 2) / 10)
            continue
        if status >= 300:
            raise ApiError(f"{method} {path} answered {status}: {json.dumps(parsed)[:200]}", status)
        return parsed


def read_invoice(api, invoice_id):
    row = call(api, "GET", f"/receivablesInvoices/{invoice_id}?fields=CustomerTransactionId,TransactionNumber,"
                           "BillToCustomerNumber,InvoiceBalanceAmount,InvoiceCurrencyCode")
    return {"id": row["CustomerTransactionId"], "number": row["TransactionNumber"],
            "customer_account": row["BillToCustomerNumber"], "balance": row["InvoiceBalanceAmount"],
            "currency": row["InvoiceCurrencyCode"]}


def record_payment(api, invoice_id, amount, receipt_number, date):
    invoice = read_invoice(api, invoice_id)
    receipt = call(api, "POST", "/standardReceipts", {
        "ReceiptNumber": receipt_number,
        "ReceiptDate": date,
        "Amount": amount,
        "Currency": invoice["currency"],
        "ReceiptMethod": "Check",
        "BusinessUnit": "US1 Business Unit",
        "CustomerAccountNumber": invoice["customer_account"],
        "remittanceReferences": [{"ReferenceNumber": invoice["number"], "ReferenceAmount": amount}],
    })
    return receipt["StandardReceiptId"], invoice
