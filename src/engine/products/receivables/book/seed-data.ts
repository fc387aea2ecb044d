/**
 * The fixed content of the seeded receivables book (names, numbers, scenarios). seed.ts turns it
 * into rows; docs/reference/receivables.md § The seeded book shows it as tables.
 */
import type { ContactRoleRow, InvoiceStatus } from './records.ts';

export const BUSINESS_UNITS = [{ name: 'US1 Business Unit' }, { name: 'US2 Business Unit' }] as const;

export const TRANSACTION_TYPES = [
  { name: 'Invoice', cls: 'INV', open: true, creatable: true },
  { name: 'Debit Memo', cls: 'DM', open: true, creatable: true },
  { name: 'Credit Memo', cls: 'CM', open: true, creatable: false },
  // The real product voids a transaction by moving it to a type without open receivables.
  { name: 'Void', cls: 'INV', open: false, creatable: false },
] as const;

export const TRANSACTION_SOURCES = [
  { name: 'Manual', active: true },
  { name: 'Spreadsheet', active: true },
  { name: 'Distributed Order Orchestration', active: true },
  { name: 'Legacy Import', active: false },
] as const;

export const CURRENCIES = [
  { code: 'USD', name: 'US Dollar', precision: 2, enabled: true, rate: '1' },
  { code: 'EUR', name: 'Euro', precision: 2, enabled: true, rate: '1.085' },
  { code: 'GBP', name: 'Pound Sterling', precision: 2, enabled: true, rate: '1.27' },
  { code: 'JPY', name: 'Yen', precision: 0, enabled: true, rate: '0.0067' },
  { code: 'KWD', name: 'Kuwaiti Dinar', precision: 3, enabled: true, rate: '3.25' },
  { code: 'DEM', name: 'Deutsche Mark', precision: 2, enabled: false, rate: '0.55' },
] as const;

/** [percent, due days after the transaction date] per installment. */
export const PAYMENT_TERMS: readonly { name: string; description: string; parts: readonly (readonly [string, number])[] }[] = [
  { name: 'IMMEDIATE', description: 'Due on the transaction date', parts: [['100', 0]] },
  { name: '30 NET', description: 'Due in 30 days', parts: [['100', 30]] },
  { name: '45 NET', description: 'Due in 45 days', parts: [['100', 45]] },
  { name: '2 PAY 30/60', description: 'Two installments: 50% in 30 days, 50% in 60 days', parts: [['50', 30], ['50', 60]] },
  { name: '3 PAY 30/60/90', description: 'Three installments: 40% in 30, 30% in 60, 30% in 90 days', parts: [['40', 30], ['30', 60], ['30', 90]] },
];

export const RECEIPT_METHODS = [
  { name: 'Check', receiptClass: 'Manual Receipts', retired: false },
  { name: 'Wire Transfer', receiptClass: 'Manual Receipts', retired: false },
  { name: 'ACH', receiptClass: 'Automatic Receipts', retired: false },
  { name: 'Lockbox Check', receiptClass: 'Lockbox', retired: true },
] as const;

/** Internal bank accounts receipts are remitted to (RemittanceBankAccountNumber resolves name and branch). */
export const REMITTANCE_BANK_ACCOUNTS = [
  { number: '1029384756', bank: 'First National Bank of Chicago', branch: 'Chicago Loop' },
  { number: '5647382910', bank: 'Pacific Commerce Bank', branch: 'Seattle Downtown' },
  { number: 'GB29NWBK60161331926819', bank: 'NatWest', branch: 'Manchester Piccadilly' },
] as const;

/**
 * Unapplied receipts that show each refusal of Receipt rules 4-5 (receipts/guards.ts), plus an
 * UNAPPLIED and an UNIDENTIFIED receipt to start the cash cycle from. None has a remittance
 * reference, so AutoMatch leaves the seeded book as it is until a reference is added.
 */
export const RECEIPT_SCENARIOS: readonly {
  label: string;
  account: string | null;
  method?: string;
  state?: 'UNAPPLIED' | 'UNIDENTIFIED' | 'REVERSE PAYMENT';
  status?: 'CONFIRMED' | 'APPROVED';
  accounting?: 'pending' | 'accounted' | 'unaccounted';
  frozen?: boolean;
  origin?: 'cash' | 'netting' | 'bills-receivable';
  bank?: string;
  /** A fixed ReceiptDate (others are three days before the environment's today). */
  date?: string;
}[] = [
  { label: 'unapplied', account: '10020', bank: '5647382910' },
  { label: 'unidentified', account: null },
  { label: 'approved', account: '10010', status: 'APPROVED' },
  { label: 'reversed', account: '10010', state: 'REVERSE PAYMENT', accounting: 'accounted' },
  { label: 'automatic', account: '10030', method: 'ACH' },
  { label: 'netting', account: '10080', origin: 'netting' },
  { label: 'bills receivable', account: '10080', origin: 'bills-receivable' },
  { label: 'frozen', account: '10090', frozen: true },
  { label: 'unaccounted', account: '10090', accounting: 'unaccounted' },
  // Fixed date, so the error catalog can reproduce AR_RCP_DUP_NUM by sending this receipt again.
  { label: 'accounted', account: '10030', accounting: 'accounted', bank: '1029384756', date: '2026-01-05' },
];

type Role = readonly [ContactRoleRow['ResponsibilityType'], boolean];
interface PersonSpec {
  first: string;
  last: string;
  title: string;
  email: boolean;
  active: boolean;
  roles: readonly Role[];
}
const person = (first: string, last: string, title: string, email: boolean, active: boolean, roles: readonly Role[]): PersonSpec => ({ first, last, title, email, active, roles });

/** The usual cast of an account: billing contact, buyer, a former billing contact, billing contact without email. */
const cast = (names: readonly [string, string][], withoutEmail: boolean): PersonSpec[] => {
  const [a, b, c, d] = names;
  const out = [
    person(a![0], a![1], 'Accounts Payable Manager', true, true, [['BILL_TO', true]]),
    person(b![0], b![1], 'Purchasing Director', true, true, [['SHIP_TO', true]]),
    person(c![0], c![1], 'Accounts Payable Clerk', true, false, [['BILL_TO', false]]),
  ];
  if (withoutEmail && d) out.push(person(d[0], d[1], 'Accounts Payable Specialist', false, true, [['BILL_TO', false]]));
  return out;
};

export interface AccountSpec {
  number: string;
  name: string;
  country: string;
  domain: string;
  phonePrefix: string;
  terms: string;
  allowTermOverride: boolean;
  taxpayerId: string | null;
  taxRegistration: string | null;
  sites: readonly { location: string; address: string; city: string; postal: string }[];
  contacts: readonly PersonSpec[];
}

export const ACCOUNTS: readonly AccountSpec[] = [
  {
    number: '10010', name: 'Acme Manufacturing Corp', country: 'US', domain: 'acme-mfg.example', phonePrefix: '+1 312',
    terms: '30 NET', allowTermOverride: true, taxpayerId: '36-4172203', taxRegistration: null,
    sites: [
      { location: 'Acme Chicago HQ', address: '200 W Adams St', city: 'Chicago', postal: '60606' },
      { location: 'Acme Dallas Plant', address: '1401 Elm St', city: 'Dallas', postal: '75202' },
    ],
    contacts: cast([['Jane', 'Cooper'], ['Robert', 'Fox'], ['Wade', 'Warren'], ['Esther', 'Howard']], true),
  },
  {
    number: '10020', name: 'Blue Harbor Logistics', country: 'US', domain: 'blueharbor.example', phonePrefix: '+1 206',
    terms: '45 NET', allowTermOverride: true, taxpayerId: '91-2207781', taxRegistration: null,
    sites: [{ location: 'Blue Harbor Seattle', address: '1000 2nd Ave', city: 'Seattle', postal: '98104' }],
    contacts: cast([['Cameron', 'Williamson'], ['Brooklyn', 'Simmons'], ['Leslie', 'Alexander']], false),
  },
  {
    number: '10030', name: 'Cedar Point Health Systems', country: 'US', domain: 'cedarpoint-health.example', phonePrefix: '+1 614',
    terms: 'IMMEDIATE', allowTermOverride: false, taxpayerId: '31-0988412', taxRegistration: null,
    sites: [{ location: 'Cedar Point Columbus', address: '55 E State St', city: 'Columbus', postal: '43215' }],
    contacts: cast([['Guy', 'Hawkins'], ['Kristin', 'Watson'], ['Dianne', 'Russell']], false),
  },
  {
    number: '10040', name: 'Delta Components Ltd', country: 'GB', domain: 'deltacomponents.example', phonePrefix: '+44 161',
    terms: '30 NET', allowTermOverride: true, taxpayerId: null, taxRegistration: 'GB284771093',
    sites: [{ location: 'Delta Manchester', address: '12 Piccadilly', city: 'Manchester', postal: 'M1 3BN' }],
    contacts: cast([['Oliver', 'Bennett'], ['Amelia', 'Clarke'], ['Harry', 'Patel'], ['Isla', 'Turner']], true),
  },
  {
    number: '10050', name: 'Edelweiss Maschinenbau GmbH', country: 'DE', domain: 'edelweiss-mb.example', phonePrefix: '+49 89',
    terms: '30 NET', allowTermOverride: true, taxpayerId: null, taxRegistration: 'DE298765431',
    sites: [{ location: 'Edelweiss Muenchen', address: 'Leopoldstrasse 90', city: 'Muenchen', postal: '80802' }],
    contacts: cast([['Lukas', 'Becker'], ['Anna', 'Schneider'], ['Felix', 'Hoffmann']], false),
  },
  {
    number: '10060', name: 'Fujimoto Trading KK', country: 'JP', domain: 'fujimoto-trading.example', phonePrefix: '+81 3',
    terms: '30 NET', allowTermOverride: true, taxpayerId: null, taxRegistration: 'T4010401098765',
    sites: [{ location: 'Fujimoto Tokyo', address: '2-7-1 Marunouchi', city: 'Tokyo', postal: '100-0005' }],
    contacts: cast([['Haruto', 'Sato'], ['Yui', 'Tanaka'], ['Ren', 'Watanabe']], false),
  },
  {
    number: '10070', name: 'Gulf Star Trading Co', country: 'KW', domain: 'gulfstar.example', phonePrefix: '+965 22',
    terms: '45 NET', allowTermOverride: true, taxpayerId: null, taxRegistration: null,
    sites: [{ location: 'Gulf Star Kuwait City', address: 'Al Hamra Tower, Floor 31', city: 'Kuwait City', postal: '13001' }],
    contacts: cast([['Omar', 'Al-Sabah'], ['Layla', 'Haddad'], ['Yousef', 'Karam']], false),
  },
  {
    number: '10080', name: 'Horizon Retail Group', country: 'US', domain: 'horizonretail.example', phonePrefix: '+1 404',
    terms: '30 NET', allowTermOverride: true, taxpayerId: '58-3390127', taxRegistration: null,
    sites: [
      { location: 'Horizon Atlanta', address: '191 Peachtree St NE', city: 'Atlanta', postal: '30303' },
      { location: 'Horizon Miami', address: '701 Brickell Ave', city: 'Miami', postal: '33131' },
    ],
    contacts: cast([['Jenny', 'Wilson'], ['Marvin', 'McKinney'], ['Floyd', 'Miles'], ['Savannah', 'Nguyen']], true),
  },
  {
    // No active BILL_TO contact with an email: invoices default to DeliveryMethod Paper, Email null.
    number: '10090', name: 'Ironwood Consulting LLC', country: 'US', domain: 'ironwood-consulting.example', phonePrefix: '+1 503',
    terms: '30 NET', allowTermOverride: true, taxpayerId: '93-1182554', taxRegistration: null,
    sites: [{ location: 'Ironwood Portland', address: '1120 NW Couch St', city: 'Portland', postal: '97209' }],
    contacts: [
      person('Theresa', 'Webb', 'Office Manager', false, true, [['BILL_TO', true]]),
      person('Albert', 'Flores', 'Managing Partner', true, true, [['DUN', true]]),
    ],
  },
];

type Share = 'full' | number;

/** One seeded invoice. `pay`/`credit`: [installment sequence, 'full' or percent of what is open]. */
export interface ScenarioSpec {
  label: string;
  account: string;
  daysAgo: number;
  lines: number;
  currency?: string;
  terms?: string;
  status?: InvoiceStatus;
  pay?: readonly (readonly [number, Share])[];
  credit?: readonly (readonly [number, Share])[];
  creditReason?: string;
  dispute?: readonly [number, number];
  posted?: boolean;
  kind?: 'void';
  bu?: string;
  type?: string;
  source?: string;
  site?: number;
}

export const SCENARIOS: readonly ScenarioSpec[] = [
  // open, not yet due
  { label: 'open', account: '10010', daysAgo: 3, lines: 2 },
  { label: 'open', account: '10010', daysAgo: 8, lines: 1, site: 1 },
  { label: 'open', account: '10020', daysAgo: 5, lines: 3 },
  { label: 'open', account: '10080', daysAgo: 12, lines: 2, site: 1 },
  { label: 'open', account: '10080', daysAgo: 1, lines: 1, source: 'Spreadsheet' },
  { label: 'open', account: '10020', daysAgo: 20, lines: 2, type: 'Debit Memo' },
  { label: 'open', account: '10010', daysAgo: 6, lines: 1, bu: 'US2 Business Unit' },
  // past due (30 NET, older than 30 days)
  { label: 'past due', account: '10010', daysAgo: 75, lines: 2 },
  { label: 'past due', account: '10080', daysAgo: 110, lines: 1 },
  { label: 'past due', account: '10020', daysAgo: 95, lines: 2, terms: '45 NET' },
  // partly paid
  { label: 'partly paid', account: '10010', daysAgo: 40, lines: 2, pay: [[1, 40]] },
  { label: 'partly paid', account: '10020', daysAgo: 25, lines: 1, pay: [[1, 25]] },
  { label: 'partly paid', account: '10080', daysAgo: 50, lines: 3, pay: [[1, 60]], posted: true },
  // fully paid (seeded receipt applications)
  { label: 'fully paid', account: '10010', daysAgo: 60, lines: 2, pay: [[1, 'full']], posted: true },
  { label: 'fully paid', account: '10020', daysAgo: 70, lines: 1, pay: [[1, 'full']], posted: true },
  { label: 'fully paid', account: '10080', daysAgo: 35, lines: 2, pay: [[1, 'full']] },
  { label: 'fully paid', account: '10030', daysAgo: 15, lines: 1, pay: [[1, 'full']] },
  // credited by an approved credit memo
  { label: 'credited', account: '10010', daysAgo: 28, lines: 1, credit: [[1, 'full']], creditReason: 'Goods returned' },
  { label: 'credited', account: '10080', daysAgo: 18, lines: 2, credit: [[1, 30]], creditReason: 'Pricing error' },
  // disputed (partial dispute; the balance is not reduced)
  { label: 'disputed', account: '10010', daysAgo: 22, lines: 2, dispute: [1, 25] },
  { label: 'disputed', account: '10020', daysAgo: 48, lines: 1, dispute: [1, 10] },
  // multi-installment
  { label: 'multi-installment', account: '10010', daysAgo: 10, lines: 2, terms: '2 PAY 30/60' },
  { label: 'multi-installment', account: '10080', daysAgo: 45, lines: 2, terms: '2 PAY 30/60', pay: [[1, 'full']] },
  { label: 'multi-installment', account: '10020', daysAgo: 14, lines: 3, terms: '3 PAY 30/60/90' },
  { label: 'multi-installment', account: '10010', daysAgo: 100, lines: 2, terms: '3 PAY 30/60/90', pay: [[1, 'full'], [2, 50]] },
  // Incomplete (no schedule) and Frozen
  { label: 'incomplete', account: '10010', daysAgo: 2, lines: 1, status: 'Incomplete' },
  { label: 'incomplete', account: '10080', daysAgo: 4, lines: 2, status: 'Incomplete' },
  { label: 'frozen', account: '10020', daysAgo: 33, lines: 1, status: 'Frozen' },
  { label: 'frozen', account: '10010', daysAgo: 9, lines: 2, status: 'Frozen' },
  // posted to GL (PaymentTerms can no longer change)
  { label: 'posted to GL', account: '10010', daysAgo: 16, lines: 1, posted: true },
  { label: 'posted to GL', account: '10080', daysAgo: 26, lines: 2, posted: true, terms: '45 NET' },
  // foreign currency
  { label: 'foreign currency', account: '10050', daysAgo: 11, lines: 2, currency: 'EUR' },
  { label: 'foreign currency', account: '10050', daysAgo: 55, lines: 1, currency: 'EUR', pay: [[1, 50]] },
  { label: 'foreign currency', account: '10040', daysAgo: 7, lines: 2, currency: 'GBP' },
  { label: 'foreign currency', account: '10040', daysAgo: 38, lines: 1, currency: 'GBP', terms: '2 PAY 30/60' },
  { label: 'foreign currency', account: '10060', daysAgo: 13, lines: 2, currency: 'JPY' },
  { label: 'foreign currency', account: '10060', daysAgo: 64, lines: 1, currency: 'JPY', pay: [[1, 'full']] },
  { label: 'foreign currency', account: '10070', daysAgo: 19, lines: 2, currency: 'KWD' },
  { label: 'foreign currency', account: '10070', daysAgo: 9, lines: 1, currency: 'KWD', terms: '3 PAY 30/60/90' },
  // the profile of Cedar Point disables payment-term overrides
  { label: 'no term override', account: '10030', daysAgo: 4, lines: 1 },
  { label: 'no term override', account: '10030', daysAgo: 41, lines: 2 },
  // no BILL_TO contact with an email: Paper delivery
  { label: 'paper delivery', account: '10090', daysAgo: 6, lines: 1 },
  { label: 'paper delivery', account: '10090', daysAgo: 52, lines: 2 },
  // void (type without open receivables): balance 0, refuses new lines with 409
  { label: 'void', account: '10080', daysAgo: 30, lines: 1, kind: 'void' },
];
