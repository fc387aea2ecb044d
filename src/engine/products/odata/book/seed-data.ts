/** The OData seeded book's fixed content: payment terms, customers, final and draft invoices (seed.ts writes them). */

export interface PayTerm {
  code: string;
  des: string;
  days: number;
  monthly: boolean;
  items: { percent: string; days: number }[];
}

export const PAY_TERMS: readonly PayTerm[] = [
  { code: '00', des: 'Immediate', days: 0, monthly: false, items: [{ percent: '100', days: 0 }] },
  { code: '30', des: 'Net 30 days', days: 30, monthly: false, items: [{ percent: '100', days: 30 }] },
  { code: '45', des: 'Net 45 days', days: 45, monthly: false, items: [{ percent: '100', days: 45 }] },
  { code: '60', des: 'Net 60 days', days: 60, monthly: false, items: [{ percent: '100', days: 60 }] },
  { code: 'EOM', des: 'End of month + 30', days: 30, monthly: true, items: [{ percent: '100', days: 30 }] },
  {
    code: '3X',
    des: 'Three installments',
    days: 30,
    monthly: false,
    items: [
      { percent: '33.33', days: 30 },
      { percent: '33.33', days: 60 },
      { percent: '33.34', days: 90 },
    ],
  },
];

export interface SeedCustomer {
  CUSTNAME: string | null; // null: temporary customer (T-number)
  CUSTDES: string;
  STATDES: 'Active' | 'Potential';
  city: string;
  state: string;
  zip: string;
  phone: string;
  pay: string;
  maxCredit: string;
  owner: string;
  createdDaysAgo: number;
  inactive?: boolean;
  contacts: { first: string; last: string; position: string; email: string; phone: string }[];
}

/** Customers of the book. `CUSTNAME: null` ones are temporary customers (STATDES 'Potential'). */
export const SEED_CUSTOMERS: readonly SeedCustomer[] = [
  {
    CUSTNAME: 'C1001', CUSTDES: 'Acme Industrial Supply', STATDES: 'Active', city: 'Cleveland', state: 'OH', zip: '44114',
    phone: '216-555-0101', pay: '30', maxCredit: '50000', owner: 'sarah', createdDaysAgo: 400,
    contacts: [
      { first: 'Maria', last: 'Lopez', position: 'Purchasing Manager', email: 'maria.lopez@acme.example', phone: '216-555-0111' },
      { first: 'Tom', last: 'Becker', position: 'Accounts Payable', email: 'ap@acme.example', phone: '216-555-0112' },
    ],
  },
  {
    CUSTNAME: 'C1002', CUSTDES: 'Blue Harbor Foods', STATDES: 'Active', city: 'Portland', state: 'ME', zip: '04101',
    phone: '207-555-0102', pay: '45', maxCredit: '25000', owner: 'sarah', createdDaysAgo: 380,
    contacts: [{ first: 'Hannah', last: 'Okafor', position: 'Plant Manager', email: 'h.okafor@blueharbor.example', phone: '207-555-0121' }],
  },
  {
    CUSTNAME: 'C1003', CUSTDES: 'Cedar Point Clinics', STATDES: 'Active', city: 'Sandusky', state: 'OH', zip: '44870',
    phone: '419-555-0103', pay: '60', maxCredit: '15000', owner: 'apiuser', createdDaysAgo: 300,
    contacts: [
      { first: 'Daniel', last: 'Kim', position: 'Facilities Director', email: 'dkim@cedarpoint.example', phone: '419-555-0131' },
      { first: 'Priya', last: 'Shah', position: 'Controller', email: 'pshah@cedarpoint.example', phone: '419-555-0132' },
    ],
  },
  {
    CUSTNAME: 'C1004', CUSTDES: 'Delta Freight Lines', STATDES: 'Active', city: 'Memphis', state: 'TN', zip: '38103',
    phone: '901-555-0104', pay: 'EOM', maxCredit: '40000', owner: 'dana', createdDaysAgo: 250,
    contacts: [{ first: 'Luis', last: 'Romero', position: 'Fleet Maintenance', email: 'lromero@deltafreight.example', phone: '901-555-0141' }],
  },
  {
    CUSTNAME: 'C1005', CUSTDES: 'Evergreen School District', STATDES: 'Active', city: 'Olympia', state: 'WA', zip: '98501',
    phone: '360-555-0105', pay: '30', maxCredit: '30000', owner: 'sarah', createdDaysAgo: 220,
    contacts: [{ first: 'Grace', last: 'Lin', position: 'Procurement Officer', email: 'glin@evergreen.example', phone: '360-555-0151' }],
  },
  {
    CUSTNAME: 'C1006', CUSTDES: 'Falcon Aerospace Parts', STATDES: 'Active', city: 'Wichita', state: 'KS', zip: '67202',
    phone: '316-555-0106', pay: '3X', maxCredit: '75000', owner: 'dana', createdDaysAgo: 200,
    contacts: [
      { first: 'Oliver', last: 'Grant', position: 'Buyer', email: 'ogrant@falconaero.example', phone: '316-555-0161' },
      { first: 'Sofia', last: 'Rossi', position: 'Quality Engineer', email: 'srossi@falconaero.example', phone: '316-555-0162' },
    ],
  },
  {
    CUSTNAME: 'C1007', CUSTDES: "O'Brien & Sons Hardware", STATDES: 'Active', city: 'Boston', state: 'MA', zip: '02110',
    phone: '617-555-0107', pay: '00', maxCredit: '10000', owner: 'apiuser', createdDaysAgo: 150,
    contacts: [{ first: 'Sean', last: "O'Brien", position: 'Owner', email: 'sean@obrienhardware.example', phone: '617-555-0171' }],
  },
  {
    CUSTNAME: 'C1008', CUSTDES: 'Granite Builders Co.', STATDES: 'Potential', city: 'Denver', state: 'CO', zip: '80202',
    phone: '303-555-0108', pay: '30', maxCredit: '0', owner: 'sarah', createdDaysAgo: 40,
    contacts: [{ first: 'Ava', last: 'Mitchell', position: 'Project Manager', email: 'amitchell@granite.example', phone: '303-555-0181' }],
  },
  {
    CUSTNAME: 'C1009', CUSTDES: 'Harbor Light Hotels', STATDES: 'Active', city: 'Savannah', state: 'GA', zip: '31401',
    phone: '912-555-0109', pay: '45', maxCredit: '20000', owner: 'dana', createdDaysAgo: 500, inactive: true,
    contacts: [],
  },
  {
    CUSTNAME: null, CUSTDES: 'Northwind Startups', STATDES: 'Potential', city: 'Austin', state: 'TX', zip: '78701',
    phone: '512-555-0110', pay: '30', maxCredit: '0', owner: 'sarah', createdDaysAgo: 12,
    contacts: [{ first: 'Noah', last: 'Turner', position: 'Founder', email: 'noah@northwind.example', phone: '512-555-0191' }],
  },
  {
    CUSTNAME: null, CUSTDES: 'Summit Outdoor Gear', STATDES: 'Potential', city: 'Boulder', state: 'CO', zip: '80302',
    phone: '303-555-0111', pay: '30', maxCredit: '0', owner: 'apiuser', createdDaysAgo: 5,
    contacts: [],
  },
];

/** Final invoices: customer, days ago, number of lines. The 4th (C1004) is cancelled. */
export const FINAL_INVOICES: readonly { cust: string; daysAgo: number; lines: number }[] = [
  { cust: 'C1001', daysAgo: 95, lines: 3 },
  { cust: 'C1001', daysAgo: 62, lines: 2 },
  { cust: 'C1001', daysAgo: 20, lines: 4 },
  { cust: 'C1002', daysAgo: 80, lines: 2 },
  { cust: 'C1003', daysAgo: 70, lines: 3 },
  { cust: 'C1004', daysAgo: 55, lines: 2 },
  { cust: 'C1004', daysAgo: 33, lines: 1 },
  { cust: 'C1005', daysAgo: 45, lines: 2 },
  { cust: 'C1006', daysAgo: 28, lines: 3 },
  { cust: 'C1007', daysAgo: 10, lines: 1 },
  { cust: 'C1009', daysAgo: 420, lines: 2 },
];
/** Index in FINAL_INVOICES of the invoice that is cancelled. */
export const CANCELLED_INDEX = 5;

export const DRAFT_INVOICES: readonly { cust: string; daysAgo: number; lines: number }[] = [
  { cust: 'C1001', daysAgo: 2, lines: 2 },
  { cust: 'C1002', daysAgo: 1, lines: 3 },
  { cust: 'C1005', daysAgo: 0, lines: 0 },
];
