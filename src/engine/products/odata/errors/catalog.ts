/**
 * Every refusal and message of spec 001 as data: what it means, where the spec says so, and a
 * request that reproduces it on a freshly seeded environment (paths relative to the environment
 * base; the console authenticates `basic` requests as the API user). Book values used: customers
 * C1001 (named, Active) and T1001 (temporary), draft invoice T23301, first final invoice
 * IN250000001, payment term '30'.
 */
import type { ErrorEntry, ExampleRequest } from '../../../core/types.ts';
import { ODATA_ROOT } from '../config.ts';

const R = ODATA_ROOT;
const JSON_TYPE = { 'content-type': 'application/json' };
const DRAFT = `${R}/AINVOICES(IVNUM='T23301',DEBIT='D',IVTYPE='A')`;
const FINAL = `${R}/AINVOICES(IVNUM='IN250000001',DEBIT='D',IVTYPE='A')`;

interface Def {
  code: string;
  /** Which side of the service owns the refusal; write and batch entries also exist in their own catalogs. */
  side?: 'write' | 'batch';
  status: number;
  title: string;
  meaning: string;
  spec: string;
  /** Why there is no `req` (shown in the catalog instead of a Reproduce button). */
  notReproducible?: string;
  /** Omitted when no request relative to the environment can show it. */
  req?: { method?: string; path: string; body?: string; headers?: Record<string, string>; auth?: ExampleRequest['auth']; expectStatus?: number };
}

const batch = (requests: unknown[]) => JSON.stringify({ requests });

const DEFS: Def[] = [
  // ---- authentication and hosting -----------------------------------------------------------
  { code: 'OD-401', status: 401, title: 'Missing or wrong credential', meaning: 'No valid API user or PAT of this environment: empty body, WWW-Authenticate: Basic without a realm.', spec: '001 § Authentication 1-3; Errors table, Missing or wrong credential', req: { path: `${R}/CUSTOMERS`, auth: 'none' } },
  { code: 'SIM-1000', status: 404, title: 'Unknown environment key', meaning: 'The environment key does not exist; checked before authentication (application/problem+json).', spec: '001 § Authentication 3; Errors table, Unknown environment key' },
  { code: 'OD-404-OUTSIDE', status: 404, title: 'Path outside /odata', meaning: 'Paths outside the /odata prefix answer a bare 404 without authentication.', spec: '001 § Authentication 4 (paths outside /odata answer a bare 404 unauthenticated)', req: { path: '/api/customers', auth: 'none' } },
  { code: 'OD-404-ROOT', status: 404, title: 'Wrong configuration segments', meaning: 'Authenticated request under /odata with another config file or company: bare 404.', spec: '001 § Authentication 4 (a wrong config-file or company segment); Placeholders ({odata_root})', req: { path: '/odata/Priority/other.ini/demo/CUSTOMERS' } },
  { code: 'OD-501-METHOD', status: 501, title: 'Unregistered method name', meaning: 'The hosting runtime answers an empty 501 to methods the service does not register.', spec: '001 § Errors table, Unregistered method names', req: { method: 'PROPFIND', path: `${R}/CUSTOMERS` } },
  { code: 'OD-405-TRACE', status: 405, title: 'TRACE refused by hosting', meaning: 'The hosting runtime refuses TRACE with 405 (browsers cannot send TRACE).', spec: '001 § Errors table, Unregistered method names (TRACE is refused by hosting with 405)', notReproducible: 'Browsers cannot send TRACE: try it with curl -X TRACE against the Node host (npm run serve).' },
  // ---- the bare-404 family ----------------------------------------------------------------
  { code: 'OD-404-DUPOPT', status: 404, title: 'Duplicated query option', meaning: 'A duplicated honoured option (any case, non-empty) answers a bare 404.', spec: '001 § Query options (a duplicated honoured option answers a bare 404); Errors table, Bare-404 family', req: { path: `${R}/CUSTOMERS?$top=1&$TOP=2` } },
  { code: 'OD-404-KEY', status: 404, title: 'Unquoted key', meaning: 'String keys are quoted; an unquoted key is a bare 404.', spec: '001 § Key addressing (string keys are quoted); Errors table, Bare-404 family', req: { path: `${R}/CUSTOMERS(C1001)` } },
  { code: 'OD-404-PARTIALKEY', status: 404, title: 'Partial composite key', meaning: 'Missing, extra or duplicated composite key parts: bare 404.', spec: '001 § Key addressing (missing composite parts); Errors table, Bare-404 family', req: { path: `${R}/AINVOICES(IVNUM='T23301',DEBIT='D')` } },
  { code: 'OD-404-SUBITEM', status: 404, title: 'Keyed subform item read', meaning: 'Keyed subform items are not readable.', spec: '001 § Entity sets (keyed subform items are not readable); Errors table, Bare-404 family', req: { path: `${R}/CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM(NAME='Maria Lopez',FIRM='Acme Industrial Supply')` } },
  { code: 'OD-404-PROPPATH', status: 404, title: 'Property path segment', meaning: 'Addressing a single property as a path segment is a bare 404.', spec: '001 § Errors table, Bare-404 family (property path segment)', req: { path: `${R}/CUSTOMERS('C1001')/CUSTDES` } },
  { code: 'OD-404-CASE', status: 404, title: 'Lowercase entity set', meaning: 'Entity-set names are data and case-sensitive.', spec: '001 § Errors table, Bare-404 family (lowercase entity set); Query options (entity-set names are case-sensitive)', req: { path: `${R}/customers` } },
  { code: 'OD-404-HEAD', status: 404, title: 'HEAD/OPTIONS on a set-backed path', meaning: 'HEAD and OPTIONS on entity sets, entities, subforms and counts answer a bare 404.', spec: '001 § Errors table, Bare-404 family (HEAD/OPTIONS on set-backed paths); Root and metadata, GET /$metadata (HEAD and OPTIONS answer like GET there)', req: { method: 'OPTIONS', path: `${R}/CUSTOMERS` } },
  { code: 'OD-404-ENCODED', status: 404, title: 'Percent-encoded path segment', meaning: 'A percent-encoded segment name is a bare 404 (percent-encoded option names are honoured).', spec: '001 § Query options (a percent-encoded path segment is a bare 404)', req: { path: `${R}/%43USTOMERS` } },
  { code: 'OD-404-FUNCFORM', status: 404, title: 'Malformed GetMetadataFor', meaning: "Only GetMetadataFor(entity='<FORM>') is understood; other call forms are a bare 404.", spec: '001 § Root and metadata, GET /GetMetadataFor (malformed forms give a bare 404)', req: { path: `${R}/GetMetadataFor(entity=CUSTOMERS)` } },
  { code: 'OD-404-PUT', status: 404, title: 'PUT on an existing record', meaning: 'PUT is not an update: on an existing record it answers a bare 404. Use PATCH.', spec: '001 § Entity sets (PUT on an existing record answers bare 404)', req: { method: 'PUT', path: `${R}/CUSTOMERS('C1001')`, body: '{"CUSTDES":"x"}', headers: JSON_TYPE } },
  { code: 'OD-404-CONTACTDEL', side: 'write', status: 404, title: 'Contact DELETE', meaning: 'Contacts cannot be deleted: DELETE on a contact answers a bare 404.', spec: '001 § Entity sets, DELETE CUSTOMERS (contact DELETE answers bare 404)', req: { method: 'DELETE', path: `${R}/CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM(NAME='Maria Lopez',FIRM='Acme Industrial Supply')` } },
  // ---- envelopes: not found ----------------------------------------------------------------
  { code: 'OD-404-ENTITY', status: 404, title: 'The specified entity was not found', meaning: 'A well-formed key with no row, on reads.', spec: '001 § Key addressing (well-formed key with no row, on reads); Errors table, Well-formed key, no row, on reads', req: { path: `${R}/CUSTOMERS('NOSUCH')` } },
  { code: 'OD-404-NETPREST', status: 404, title: 'netprest return no data for <FORM>', meaning: 'GetMetadataFor of an unknown entity.', spec: '001 § Root and metadata, GET /GetMetadataFor (unknown entity)', req: { path: `${R}/GetMetadataFor(entity='NOSUCH')` } },
  { code: 'OD-400-NORECORD', side: 'write', status: 400, title: 'A record with the specified key was not found', meaning: 'PATCH or DELETE of a well-formed key with no row (the key is resolved before the body is parsed).', spec: '001 § Key addressing (on PATCH and DELETE); Errors table, Key with no row on PATCH/DELETE', req: { method: 'PATCH', path: `${R}/CUSTOMERS('NOSUCH')`, body: '{}', headers: JSON_TYPE } },
  { code: 'OD-400-PUTMISSING', status: 400, title: 'PUT on a missing record', meaning: "PUT of a key with no row answers 400 'A record with the specified key was not found'.", spec: '001 § Entity sets (PUT on a missing record answers 400)', req: { method: 'PUT', path: `${R}/CUSTOMERS('NOSUCH')`, body: '{}', headers: JSON_TYPE } },
  { code: 'OD-409', side: 'write', status: 409, title: 'Key already exists', meaning: 'POST CUSTOMERS with a CUSTNAME that is taken.', spec: '001 § States and transitions (POST CUSTOMERS: 409 if key exists); Errors table, Key already exists on customer create', req: { method: 'POST', path: `${R}/CUSTOMERS`, body: '{"CUSTNAME":"C1001","CUSTDES":"Duplicate"}', headers: JSON_TYPE } },
  // ---- query options -----------------------------------------------------------------------
  { code: 'OD-400-TYPES', status: 400, title: 'A binary operator with incompatible types was detected', meaning: 'A $filter literal (or property) of another type family than the other operand.', spec: '001 § Query options $filter (literals are typed; a family mismatch gives 400)', req: { path: `${R}/CUSTOMERS?$filter=CUSTNAME%20eq%205` } },
  { code: 'OD-501-FUNCTION', status: 501, title: 'Function "X" is not supported', meaning: '$filter functions (contains, startswith, tolower, ...) are not supported.', spec: '001 § Query options $filter (functions give 501); Errors table, $filter function', req: { path: `${R}/CUSTOMERS?$filter=contains(CUSTDES,'Acme')` } },
  { code: 'OD-400-IN', status: 400, title: "'in' is not in the $filter grammar", meaning: "The 'in' operator gives a grammar (syntax) error; use eq ... or ....", spec: "001 § Query options $filter ('in' gives a grammar 400)", req: { path: `${R}/CUSTOMERS?$filter=CUSTNAME%20in%20('C1001','C1002')` } },
  { code: 'OD-400-FILTERNAV', status: 400, title: 'Navigation operand in $filter', meaning: 'Subform properties cannot be compared in $filter.', spec: '001 § Query options $filter (a navigation operand gives 400)', req: { path: `${R}/CUSTOMERS?$filter=CUSTPERSONNEL_SUBFORM/NAME%20eq%20'x'` } },
  { code: 'OD-400-PAREN', status: 400, title: 'Invalid query options: parse error. Mismatched parenthesis.', meaning: 'Unbalanced parentheses in $filter (or $expand).', spec: '001 § Query options $filter (mismatched parenthesis), $expand (nested options in parentheses)', req: { path: `${R}/CUSTOMERS?$filter=(CUSTNAME%20eq%20'C1001'` } },
  { code: 'OD-400-UNTERMINATED', status: 400, title: 'Unterminated string literal', meaning: 'A $filter string literal without its closing quote.', spec: "001 § Query options $filter (strings in single quotes; the message is the simulator's own)", req: { path: `${R}/CUSTOMERS?$filter=CUSTNAME%20eq%20'C1001` } },
  { code: 'OD-400-SYNTAX', status: 400, title: 'Syntax error at position N in ...', meaning: 'A $filter or $orderby that does not follow the grammar; N is the offset just after the offending token.', spec: "001 § Query options $filter ('in' gives a grammar 400), $orderby (another direction word gives the syntax error)", req: { path: `${R}/CUSTOMERS?$orderby=CUSTNAME%20downward` } },
  { code: 'OD-400-ORDERBYCOMMA', status: 400, title: 'Trailing comma in $orderby', meaning: 'A trailing comma is refused with the syntax error.', spec: '001 § Query options $orderby (trailing comma refused)', req: { path: `${R}/CUSTOMERS?$orderby=CUSTNAME,` } },
  { code: 'OD-400-PROPERTY', status: 400, title: "Could not find a property named 'X'", meaning: 'Unknown property in $filter, $select or $orderby (names are case-sensitive).', spec: '001 § Query options $filter (unknown property gives 400 naming it); Errors table, unknown $select/$filter property', req: { path: `${R}/CUSTOMERS?$select=CUSTNAME,custdes` } },
  { code: 'OD-400-SELECTNAV', status: 400, title: 'Subform named in $select', meaning: 'Subforms are requested with $expand, not $select.', spec: '001 § Query options $select (naming a subform gives 400), $expand (subform names)', req: { path: `${R}/CUSTOMERS?$select=CUSTPERSONNEL_SUBFORM` } },
  { code: 'OD-400-TOP', status: 400, title: "Invalid value 'X' for $top query option found", meaning: '$top must be a non-negative integer.', spec: '001 § Query options $top; Errors table, $top/$skip', req: { path: `${R}/CUSTOMERS?$top=-1` } },
  { code: 'OD-400-SKIP', status: 400, title: "Invalid value 'X' for $skip query option found", meaning: '$skip must be a non-negative integer.', spec: '001 § Query options $skip; Errors table, $top/$skip', req: { path: `${R}/CUSTOMERS?$skip=1.5` } },
  { code: 'OD-400-EXPANDUNKNOWN', status: 400, title: 'Unknown child in $expand', meaning: 'A name that is not a subform of the form; the message names it.', spec: '001 § Query options $expand (unknown child gives 400 naming it)', req: { path: `${R}/CUSTOMERS?$expand=ORDERS_SUBFORM` } },
  { code: 'OD-400-EXPANDPROP', status: 400, title: 'is not a navigation property or complex property', meaning: 'A plain property named in $expand.', spec: '001 § Query options $expand (plain property gives 400)', req: { path: `${R}/CUSTOMERS?$expand=CUSTDES` } },
  { code: 'OD-400-EXPANDNESTED', status: 400, title: 'Nested $expand', meaning: '$expand inside an expanded subform is refused.', spec: '001 § Query options $expand (nested $expand refused 400)', req: { path: `${R}/CUSTOMERS?$expand=CUSTPERSONNEL_SUBFORM($expand=X)` } },
  { code: 'OD-400-EXPANDCOMMA', status: 400, title: 'Nested options separated by a comma', meaning: 'Nested options are separated by a semicolon; with a comma the $top value is not an integer.', spec: '001 § Query options $expand (nested options separated by a semicolon, never a comma)', req: { path: `${R}/CUSTOMERS?$expand=CUSTPERSONNEL_SUBFORM($top=1,$skip=1)` } },
  // ---- write body and deserialization --------------------------------------------------------
  { code: 'OD-400-STARTARRAY', side: 'write', status: 400, title: "'StartArray' refusal", meaning: 'A JSON array instead of an object.', spec: '001 § Write rules 1', req: { method: 'POST', path: `${R}/CUSTOMERS`, body: '[]', headers: JSON_TYPE } },
  { code: 'OD-400-EMPTYBODY', side: 'write', status: 400, title: 'request body is empty', meaning: 'Malformed JSON, a bare string, null, trailing junk or a zero-byte body.', spec: '001 § Write rules 1', req: { method: 'POST', path: `${R}/CUSTOMERS`, body: '{"CUSTDES":', headers: JSON_TYPE } },
  { code: 'OD-400-MIME', side: 'write', status: 400, title: 'Unsupported MIME type', meaning: 'A non-JSON Content-Type on a write (a missing one is tolerated).', spec: '001 § Write rules 1', req: { method: 'POST', path: `${R}/CUSTOMERS`, body: '{"CUSTDES":"x"}', headers: { 'content-type': 'text/plain' } } },
  { code: 'OD-400-UNKNOWNPROP', side: 'write', status: 400, title: "The property 'X' does not exist on type ...", meaning: 'An unknown property in a write body (REFERENCE on CUSTOMERS included).', spec: '001 § Write rules 2, 4', req: { method: 'POST', path: `${R}/CUSTOMERS`, body: '{"CUSTDES":"x","REFERENCE":"R1"}', headers: JSON_TYPE } },
  { code: 'OD-400-CONVERT', side: 'write', status: 400, title: 'Cannot convert', meaning: 'A wrong JSON type for a property; the envelope carries an innererror.', spec: '001 § Write rules 2', req: { method: 'POST', path: `${R}/CUSTOMERS`, body: '{"CUSTDES":"x","MAX_CREDIT":"lots"}', headers: JSON_TYPE } },
  // ---- form refusals (InterfaceErrors) -------------------------------------------------------
  { code: 'OD-IE-REQUIRED', side: 'write', status: 400, title: 'Missing required value', meaning: 'An empty payload: missing-required InterfaceErrors refusal.', spec: '001 § Write rules 5; Errors table, Form refusal', req: { method: 'POST', path: `${R}/CUSTOMERS`, body: '{}', headers: JSON_TYPE } },
  { code: 'OD-IE-NOTINTABLE', side: 'write', status: 400, title: 'Value not in table', meaning: 'An invoice POST for a customer that does not exist.', spec: '001 § Write rules 5; Entity sets, POST /AINVOICES (CUSTNAME must exist); Errors table, Form refusal', req: { method: 'POST', path: `${R}/AINVOICES`, body: '{"CUSTNAME":"NOSUCH"}', headers: JSON_TYPE } },
  { code: 'OD-IE-REFERENCE', side: 'write', status: 400, title: 'Form-validated REFERENCE', meaning: 'Every non-empty AINVOICES.REFERENCE value reaching the lookup refuses the whole write.', spec: '001 § Write rules 4; Errors table, Form refusal', req: { method: 'PATCH', path: DRAFT, body: '{"REFERENCE":"PO-1"}', headers: JSON_TYPE } },
  { code: 'OD-IE-STATDES', side: 'write', status: 400, title: 'Form-validated customer STATDES', meaning: 'A customer STATDES outside the instance status list (Active, Potential).', spec: '001 § Write rules 4; Errors table, Form refusal', req: { method: 'PATCH', path: `${R}/CUSTOMERS('C1001')`, body: '{"STATDES":"Closed"}', headers: JSON_TYPE } },
  { code: 'OD-IE-WHOLEQTY', side: 'write', status: 400, title: "Fractional quantity in unit 'ea'", meaning: "A fractional TQUANT on a part sold in 'ea'.", spec: '001 § Write rules 6; Errors table, Form refusal', req: { method: 'POST', path: `${DRAFT}/AINVOICEITEMS_SUBFORM`, body: '{"PARTNAME":"PUMP-100","TQUANT":1.5}', headers: JSON_TYPE } },
  { code: 'OD-IE-DELCUST', side: 'write', status: 400, title: 'Delete a named customer', meaning: 'Refused: use the customer-ledger deletion program.', spec: '001 § Errors (DELETE of a named customer: customer-ledger deletion program); Entity sets, DELETE CUSTOMERS', req: { method: 'DELETE', path: `${R}/CUSTOMERS('C1001')` } },
  { code: 'OD-IE-DELTEMPCUST', side: 'write', status: 400, title: 'Delete a temporary customer', meaning: 'Refused: use the temporary-customer program.', spec: '001 § Errors (DELETE of a temporary customer: temporary-customer program); Entity sets, DELETE CUSTOMERS', req: { method: 'DELETE', path: `${R}/CUSTOMERS('T1001')` } },
  { code: 'OD-IE-DELDRAFT', side: 'write', status: 400, title: 'Delete a draft invoice', meaning: 'Refused: use the temporary-invoice deletion program.', spec: '001 § Errors (DELETE of a draft invoice: temporary-invoice deletion program); Entity sets, DELETE CUSTOMERS, AINVOICES items', req: { method: 'DELETE', path: DRAFT } },
  { code: 'OD-IE-DELFINAL', side: 'write', status: 400, title: 'Delete a finalized invoice', meaning: 'Refused: a finalized invoice cannot be deleted; use the cancellation program.', spec: '001 § Errors (DELETE of a finalized invoice: use the cancellation program); Entity sets, DELETE CUSTOMERS, AINVOICES items', req: { method: 'DELETE', path: FINAL } },
  { code: 'OD-400-READONLY', status: 400, title: 'API-permission refusal', meaning: 'Any write verb on TINVOICES, PAY, ACCOUNTS_RECEIVABLE or their children, before the body is read.', spec: '001 § What the service does 3; Entity sets (write verbs on TINVOICES, PAY, ACCOUNTS_RECEIVABLE); Errors table, Write to TINVOICES, PAY, ACCOUNTS_RECEIVABLE', req: { method: 'POST', path: `${R}/PAY`, body: 'not even JSON', headers: JSON_TYPE } },
  // ---- $batch ----------------------------------------------------------------------------------
  { code: 'OD-BATCH-METHOD', side: 'batch', status: 400, title: '$batch requires POST method', meaning: 'Any other method on /$batch.', spec: '001 § $batch 2', req: { path: `${R}/$batch` } },
  { code: 'OD-BATCH-NOTYPE', side: 'batch', status: 400, title: 'The batch request must have a "Content-Type" header.', meaning: 'Plain-text body, nothing runs.', spec: '001 § $batch 2', req: { method: 'POST', path: `${R}/$batch`, body: batch([]) } },
  { code: 'OD-BATCH-MULTIPART', side: 'batch', status: 400, title: 'Error reading batch part: multipart: NextPart: EOF', meaning: 'Multipart batches are not read.', spec: '001 § $batch 2', req: { method: 'POST', path: `${R}/$batch`, body: '--b\r\n', headers: { 'content-type': 'multipart/mixed; boundary=b' } } },
  { code: 'OD-BATCH-MIME', side: 'batch', status: 400, title: 'Non-JSON batch type', meaning: 'Another non-JSON Content-Type gives the MIME refusal.', spec: '001 § $batch 2', req: { method: 'POST', path: `${R}/$batch`, body: batch([]), headers: { 'content-type': 'text/xml' } } },
  { code: 'OD-BATCH-EMPTY', side: 'batch', status: 400, title: 'request body is empty', meaning: 'The body is not an object with requests.', spec: '001 § $batch 2', req: { method: 'POST', path: `${R}/$batch`, body: '[]', headers: JSON_TYPE } },
  { code: 'OD-BATCH-LIMIT', side: 'batch', status: 400, title: 'Batch commands are limited to 100 operations in one batch call.', meaning: 'More than 100 operations.', spec: '001 § $batch 2; Limits, Operations per $batch', req: { method: 'POST', path: `${R}/$batch`, body: batch(Array.from({ length: 101 }, (_, i) => ({ id: String(i + 1), method: 'GET', url: '/GetProductVersion' }))), headers: JSON_TYPE } },
  { code: 'OD-BATCH-REFERENCE', side: 'batch', status: 400, title: 'Request Id reference [N] ... is not found in effective depends-on-Ids', meaning: 'A leading $N back-reference not listed in dependsOn.', spec: '001 § $batch 2', req: { method: 'POST', path: `${R}/$batch`, body: batch([{ id: '1', method: 'GET', url: '/CUSTOMERS' }, { id: '2', method: 'GET', url: '$1/CUSTPERSONNEL_SUBFORM' }]), headers: JSON_TYPE } },
  { code: 'OD-BATCH-424', side: 'batch', status: 424, title: 'Failed dependency (per item)', meaning: 'A $N listed in dependsOn: back-references never resolve; the item answers 424 inside an outer 200.', spec: '001 § $batch 3', req: { method: 'POST', path: `${R}/$batch`, body: batch([{ id: '1', method: 'GET', url: "/CUSTOMERS('C1001')" }, { id: '2', method: 'GET', url: '$1/CUSTPERSONNEL_SUBFORM', dependsOn: ['1'] }]), headers: JSON_TYPE, expectStatus: 200 } },
  { code: 'OD-BATCH-METHODURL', side: 'batch', status: 400, title: 'Each batch request needs a method and a url.', meaning: 'Per item, inside an outer 200.', spec: '001 § $batch 3', req: { method: 'POST', path: `${R}/$batch`, body: batch([{ id: '1', method: 'GET' }]), headers: JSON_TYPE, expectStatus: 200 } },
  { code: 'OD-BATCH-501', side: 'batch', status: 501, title: 'Not implemented: METHOD PATH', meaning: 'An inner method outside GET, POST, PATCH, PUT, DELETE, HEAD, OPTIONS (per item).', spec: '001 § $batch 3', req: { method: 'POST', path: `${R}/$batch`, body: batch([{ id: '1', method: 'MERGE', url: '/CUSTOMERS' }]), headers: JSON_TYPE, expectStatus: 200 } },
  { code: 'OD-BATCH-NESTED', side: 'batch', status: 400, title: 'A batch request may not contain another $batch.', meaning: 'Per item, inside an outer 200.', spec: '001 § $batch 3', req: { method: 'POST', path: `${R}/$batch`, body: batch([{ id: '1', method: 'POST', url: '/$batch', body: { requests: [] } }]), headers: JSON_TYPE, expectStatus: 200 } },
  { code: 'OD-BATCH-FOREIGN', side: 'batch', status: 400, title: "A batch request url must address a resource under this environment's OData base.", meaning: 'Foreign host, scheme, key or casing, or climbing above the base (per item).', spec: '001 § $batch 3', req: { method: 'POST', path: `${R}/$batch`, body: batch([{ id: '1', method: 'GET', url: 'https://elsewhere.example/odata/CUSTOMERS' }]), headers: JSON_TYPE, expectStatus: 200 } },
];

/**
 * How a client avoids each refusal the catalog shows (the playground shows it beside a matching
 * answer). Entries with a `side` are listed for learners by the write and batch catalogs instead.
 */
const AVOID: Record<string, string> = {
  'OD-401': "Send Authorization: Basic with this environment's API user, or a personal access token as the username and PAT as the password.",
  'SIM-1000': 'Copy the environment key exactly as the simulator shows it (env_ and 32 hexadecimal characters) into /sim/<environment_key>; the key routes the request, so no credential can make up for a wrong one.',
  'OD-404-OUTSIDE': 'Send every OData call under the OData root /odata/Priority/tabula.ini/demo of this environment; the service answers nothing outside /odata.',
  'OD-404-ROOT': 'Use the three segments after /odata exactly as this deployment has them (Priority/tabula.ini/demo); the service document at that root lists the entity sets.',
  'OD-501-METHOD': 'Read with GET and write with POST, PATCH and DELETE; method names such as PROPFIND or MERGE are not registered by the service.',
  'OD-405-TRACE': 'Do not send TRACE: read with GET and write with POST, PATCH and DELETE.',
  'OD-404-DUPOPT': 'Give each query option once in any spelling ($top and $TOP are the same option); put all conditions into one $filter joined with and / or.',
  'OD-404-KEY': "Quote string keys: CUSTOMERS('C1001'), not CUSTOMERS(C1001).",
  'OD-404-PARTIALKEY': "Name every key part once: AINVOICES(IVNUM='…',DEBIT='D',IVTYPE='A').",
  'OD-404-SUBITEM': "Read subform rows through the collection, e.g. CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM?$filter=NAME eq 'Maria Lopez', or with $expand on the parent; a keyed subform item is only a write target.",
  'OD-404-PROPPATH': "Read single properties with $select on the entity, e.g. CUSTOMERS('C1001')?$select=CUSTDES, not as a path segment.",
  'OD-404-CASE': 'Write entity-set names exactly as $metadata lists them (CUSTOMERS).',
  'OD-404-HEAD': 'Use GET on entity sets, entities, subforms and /$count (with $select and $top to keep a probe small); HEAD and OPTIONS answer like GET only on paths such as $metadata.',
  'OD-404-ENCODED': 'Write entity-set, subform and function names in the path as plain text (CUSTOMERS, not %43USTOMERS); only key values in parentheses and the query string may be percent-encoded.',
  'OD-404-FUNCFORM': "Call GetMetadataFor(entity='CUSTOMERS') with the entity-set name in single quotes; the other function imports take no arguments (GetProductVersion or GetProductVersion()).",
  'OD-404-PUT': 'Update with PATCH and only the fields that change.',
  'OD-404-ENTITY': 'Read an existing key: list the set first ($select the key, $top) and use a key from it.',
  'OD-404-NETPREST': "Name an entity set the service document lists, in uppercase, e.g. GetMetadataFor(entity='AINVOICES').",
  'OD-400-PUTMISSING': 'Create with POST on the entity set (e.g. POST CUSTOMERS with CUSTNAME in the body) and change a row with PATCH; PUT is not supported.',
  'OD-400-TYPES': "Write literals of the property's type ($metadata gives it): strings in single quotes (CUSTNAME eq 'C1001'), numbers bare (TOTPRICE gt 100), dates bare ISO-8601 (IVDATE ge 2025-01-01).",
  'OD-501-FUNCTION': 'Filter with comparisons (eq, ne, gt, ge, lt, le) joined by and / or; fetch and filter text on the client.',
  'OD-400-IN': "Combine comparisons with or: CUSTNAME eq 'C1001' or CUSTNAME eq 'C1002'.",
  'OD-400-FILTERNAV': "Filter the subform's own rows instead: CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM?$filter=NAME eq 'x', or $expand=CUSTPERSONNEL_SUBFORM($filter=NAME eq 'x') on the parent.",
  'OD-400-PAREN': "Close every ( with a ), in $filter and inside $expand(...), e.g. $filter=(PAYCODE eq '30' or PAYCODE eq '45') and STATDES eq 'Active'.",
  'OD-400-UNTERMINATED': "End every $filter string literal with a single quote, and double an apostrophe inside it: CUSTDES eq 'O''Brien Supply'.",
  'OD-400-SYNTAX': "In $filter write Property op literal comparisons (eq, ne, gt, ge, lt, le) joined by and / or; in $orderby write comma-separated Field, Field asc or Field desc and nothing else.",
  'OD-400-ORDERBYCOMMA': 'End $orderby with its last field, e.g. $orderby=CUSTDES desc,CUSTNAME, never with a comma.',
  'OD-400-PROPERTY': 'Name in $select, $filter and $orderby only properties $metadata lists for the type you address, spelled exactly (uppercase, e.g. CUSTDES).',
  'OD-400-SELECTNAV': 'Leave subforms out of $select and ask for them with $expand, e.g. $select=CUSTNAME&$expand=CUSTPERSONNEL_SUBFORM($select=NAME).',
  'OD-400-TOP': '$top takes a non-negative integer (e.g. $top=50, no upper bound); page on with $skip.',
  'OD-400-SKIP': '$skip takes a non-negative integer, a multiple of $top when paging (e.g. $top=50&$skip=100).',
  'OD-400-EXPANDUNKNOWN': "Expand only the entity's own subforms as $metadata lists them, e.g. CUSTPERSONNEL_SUBFORM on CUSTOMERS and AINVOICEITEMS_SUBFORM on AINVOICES.",
  'OD-400-EXPANDPROP': 'Put plain properties in $select and only subform (_SUBFORM) names in $expand.',
  'OD-400-EXPANDNESTED': 'Keep $expand at the top level, with no $expand inside the parentheses: $expand=CUSTPERSONNEL_SUBFORM($select=NAME;$top=5).',
  'OD-400-EXPANDCOMMA': 'Separate nested options with a semicolon: $expand=CUSTPERSONNEL_SUBFORM($top=1;$skip=1); commas only separate subforms, or fields inside $select.',
  'OD-400-READONLY': 'Only read TINVOICES, PAY, ACCOUNTS_RECEIVABLE and their subforms; write customers and invoices through CUSTOMERS and AINVOICES.',
};

function toEntry(d: Def): ErrorEntry {
  return {
  code: d.code,
  status: d.status,
  title: d.title,
  meaning: d.meaning,
  spec: d.spec,
  ...(d.notReproducible ? { notReproducible: d.notReproducible } : {}),
  ...(AVOID[d.code] ? { avoid: AVOID[d.code] } : {}),
  ...(d.req
    ? {
        reproduce: {
          id: `error-${d.code}`,
          group: 'Errors',
          title: d.title,
          method: d.req.method ?? 'GET',
          path: d.req.path,
          ...(d.req.headers ? { headers: d.req.headers } : {}),
          ...(d.req.body !== undefined ? { body: d.req.body } : {}),
          auth: d.req.auth ?? 'basic',
          expectStatus: d.req.expectStatus ?? d.status,
        },
      }
    : {}),
  };
}

/** Every refusal of spec 001 (read, write and batch side). */
export const ERROR_CATALOG: readonly ErrorEntry[] = DEFS.map(toEntry);

/** The refusals owned by the read side: authentication, hosting, addressing, query options, read-only forms, PUT. */
export const READ_ERROR_CATALOG: readonly ErrorEntry[] = DEFS.filter((d) => !d.side).map(toEntry);
