/**
 * TINVOICES (receipts, IVTYPE 'T') and its subforms. Read-only. The spec names only the keys and
 * a few subform fields; the rest are designed from the real product (docs/reference/odata.md).
 */
import { D, form, I, S, T } from './define.ts';

export const TINVOICES = form({
  name: 'TINVOICES',
  title: 'Receipts',
  keys: ['IVNUM', 'DEBIT', 'IVTYPE'],
  subforms: ['TPAYMENT2_SUBFORM', 'TFNCITEMS_SUBFORM'],
  readOnlyForm: true,
  properties: [
    S('CUSTNAME', 16, 'Customer Number', 'ro'),
    S('CDES', 48, 'Customer Name', 'ro'),
    T('IVDATE', 'Receipt Date', 'date', 'ro'),
    S('IVNUM', 16, 'Receipt', 'key', 'ro'),
    S('FINAL', 1, 'Finalized', 'ro'),
    S('STATDES', 12, 'Status', 'ro'),
    S('OWNERLOGIN', 20, 'Assigned to', 'ro'),
    S('BOOKNUM', 48, 'Cust. Document No.', 'ro'),
    S('DETAILS', 24, 'Details', 'ro'),
    S('CODE', 3, 'Currency', 'ro'),
    S('CASHNAME', 8, 'Cash Register', 'ro'),
    S('BRANCHNAME', 6, 'Branch', 'ro'),
    D('QPRICE', 16, 2, 'Amount Received', 'ro'),
    D('TOTPRICE', 16, 2, 'Total Receipt', 'ro'),
    D('CREDIT', 16, 2, 'Applied Amount', 'ro'),
    S('FNCNUM', 16, 'Journal Entry', 'ro'),
    S('IVREFA', 16, 'Reference Receipt', 'ro'),
    I('IV', 'Receipt (ID)', 'ro', 'au'),
    S('DEBIT', 1, 'Debit/Credit', 'key', 'ro'),
    S('IVTYPE', 1, 'Invoice Type', 'key', 'ro'),
  ],
});

export const TPAYMENT2_SUBFORM = form({
  name: 'TPAYMENT2_SUBFORM',
  title: 'Payment Means',
  parent: 'TINVOICES',
  keys: ['KLINE'],
  readOnlyForm: true,
  properties: [
    S('PAYMENTCODE', 2, 'Payment Code', 'ro'),
    S('PAYMENTNAME', 16, 'Payment Method', 'ro'),
    D('QPRICE', 16, 2, 'Amount', 'ro'),
    T('PAYDATE', 'Payment Date', 'date', 'ro'),
    S('CARDNUM', 20, 'Card/Account No.', 'ro'),
    S('BANKCODE', 8, 'Bank', 'ro'),
    S('CHECKNUM', 16, 'Check Number', 'ro'),
    S('DETAILS', 24, 'Details', 'ro'),
    I('KLINE', 'Line', 'key', 'ro'),
  ],
});

export const TFNCITEMS_SUBFORM = form({
  name: 'TFNCITEMS_SUBFORM',
  title: 'Applications',
  parent: 'TINVOICES',
  keys: ['FNCTRANS', 'KLINE'],
  readOnlyForm: true,
  properties: [
    S('FNCIREF1', 16, 'Invoice Settled', 'ro'),
    S('FNCIREF2', 16, 'Reference 2', 'ro'),
    T('FNCDATE', 'Application Date', 'date', 'ro'),
    S('ACCNAME', 16, 'Account', 'ro'),
    S('ACCDES', 48, 'Account Description', 'ro'),
    D('CREDIT', 16, 2, 'Credit', 'ro'),
    S('CODE', 3, 'Currency', 'ro'),
    S('DETAILS', 24, 'Details', 'ro'),
    I('FNCTRANS', 'Journal Entry (ID)', 'key', 'ro'),
    I('KLINE', 'Line', 'key', 'ro'),
  ],
});
