/**
 * UI catalog of the OData product: resources from the form definitions, one ready request per
 * endpoint row grouped as spec 001 groups them (book values), and the error catalog.
 */
import type { ExampleRequest, ProductCatalog, ResourceInfo } from '../../core/types.ts';
import { batchErrorEntries, batchExamples } from './batch/catalog.ts';
import { ODATA_ROOT } from './config.ts';
import { READ_ERROR_CATALOG } from './errors/catalog.ts';
import { withTellApart } from './errors/tell-apart.ts';
import { ENTITY_SETS, subformsOf, type FormDef } from './forms/index.ts';
import { writeErrorEntries, writeExamples } from './write/catalog.ts';
import { limitsErrorEntries } from './limits-catalog.ts';

const GROUP: Record<string, string> = {
  CUSTOMERS: 'Customers',
  AINVOICES: 'Sales invoices',
  TINVOICES: 'Receipts',
  PAY: 'Other forms',
  ACCOUNTS_RECEIVABLE: 'Other forms',
};

function columns(form: FormDef): ResourceInfo['columns'] {
  return form.properties.map((p) => ({
    name: p.name,
    type: p.type === 'Edm.String' ? `${p.type}(${p.maxLength})` : p.type === 'Edm.Decimal' ? `${p.type}(${p.precision},${p.scale})` : p.type,
    ...(p.key ? { key: true } : {}),
    ...(p.readOnly ? { readOnly: true } : {}),
    queryable: true,
    title: p.title,
  }));
}

export function resources(): ResourceInfo[] {
  return ENTITY_SETS.map((f) => ({
    name: f.name,
    title: f.title,
    group: GROUP[f.name] ?? 'Other forms',
    path: `${ODATA_ROOT}/${f.name}`,
    columns: columns(f),
    keys: [...f.keys],
    children: subformsOf(f).map((s) => ({ name: s.name, title: s.title })),
  }));
}

const get = (id: string, group: string, title: string, path: string, expectStatus = 200): ExampleRequest => ({
  id,
  group,
  title,
  method: 'GET',
  path: `${ODATA_ROOT}${path}`,
  auth: 'basic',
  expectStatus,
});

const DRAFT = "AINVOICES(IVNUM='T23301',DEBIT='D',IVTYPE='A')";
const META = 'Root and metadata';
const SETS = 'Entity sets';
const QUERY = 'Query options';

export const readExamples: ExampleRequest[] = [
  get('odata.root', META, 'Service document', '/'),
  get('odata.metadata', META, '$metadata (EDMX)', '/$metadata'),
  get('odata.metadataFor', META, "GetMetadataFor(entity='CUSTOMERS')", "/GetMetadataFor(entity='CUSTOMERS')"),
  get('odata.productVersion', META, 'GetProductVersion', '/GetProductVersion'),
  get('odata.odataVersion', META, 'GetODataVersion', '/GetODataVersion()'),
  get('odata.binVersion', META, 'GetBinVersion', '/GetBinVersion'),
  get('odata.loginName', META, 'GetLoginName', '/GetLoginName'),
  { ...get('odata.loginName.pat', META, 'GetLoginName with a personal access token', '/GetLoginName'), auth: 'pat' },
  get('odata.tenant', META, 'GetTenantDetails', '/GetTenantDetails'),
  get('odata.customers', SETS, 'Customers', '/CUSTOMERS?$top=10'),
  get('odata.invoices', SETS, 'Sales invoices', '/AINVOICES?$top=10'),
  get('odata.receipts', SETS, 'Receipts', '/TINVOICES?$top=10'),
  get('odata.pay', SETS, 'Payment terms', '/PAY?$expand=PAYITEMS_SUBFORM'),
  get('odata.ar', SETS, 'Customer balances', '/ACCOUNTS_RECEIVABLE'),
  get('odata.customer', SETS, 'One customer', "/CUSTOMERS('C1001')?$expand=CUSTPERSONNEL_SUBFORM"),
  get('odata.invoice', SETS, 'One invoice (composite key)', `/${DRAFT}?$expand=AINVOICEITEMS_SUBFORM`),
  get('odata.receipt', SETS, 'One receipt with payment means and applications', "/TINVOICES(IVNUM='RC250000001',DEBIT='D',IVTYPE='T')?$expand=TPAYMENT2_SUBFORM,TFNCITEMS_SUBFORM"),
  get('odata.contacts', SETS, 'Contacts of a customer', "/CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM"),
  get('odata.lines', SETS, 'Lines of an invoice', `/${DRAFT}/AINVOICEITEMS_SUBFORM`),
  get('odata.count', SETS, 'Count of active customers', "/CUSTOMERS/$count?$filter=STATDES eq 'Active'"),
  get('odata.linecount', SETS, 'Count of invoice lines', `/${DRAFT}/AINVOICEITEMS_SUBFORM/$count`),
  get('odata.q.select', QUERY, '$select', '/CUSTOMERS?$select=CUSTDES,CUSTNAME,STATDES'),
  get('odata.q.filter', QUERY, '$filter with and/or', "/CUSTOMERS?$filter=STATDES eq 'Active' and (PAYCODE eq '30' or PAYCODE eq '45')"),
  get('odata.q.filterDate', QUERY, '$filter on a date', '/AINVOICES?$filter=IVDATE ge 2025-01-01&$select=IVNUM,IVDATE,TOTPRICE'),
  get('odata.q.orderby', QUERY, '$orderby', '/AINVOICES?$orderby=TOTPRICE desc,IVNUM&$select=IVNUM,TOTPRICE'),
  get('odata.q.paging', QUERY, '$top and $skip', '/CUSTOMERS?$orderby=CUSTNAME&$top=5&$skip=5'),
  get('odata.q.expand', QUERY, '$expand with nested options', '/CUSTOMERS?$expand=CUSTPERSONNEL_SUBFORM($top=1;$select=NAME,EMAIL)&$select=CUSTNAME'),
  get('odata.q.since', QUERY, '$since (changes after an instant)', '/CUSTOMERS?$since=2025-01-01T00:00:00Z&$select=CUSTNAME'),
];

export function odataCatalog(): ProductCatalog {
  return {
    resources: resources(),
    examples: [...readExamples, ...writeExamples, ...batchExamples],
    errors: withTellApart([...READ_ERROR_CATALOG, ...writeErrorEntries, ...batchErrorEntries, ...limitsErrorEntries]),
  };
}
