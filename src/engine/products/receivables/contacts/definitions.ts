/**
 * crmRestApi contacts as data (spec 000 § Contact (crmRestApi contacts), Contacts endpoint table;
 * queryable list from § Common query parameters). All fields are read-only.
 */
import { datetime, defineResource, field, num, relatedTo, str, bool } from '../rest/define.ts';
import { REST_CODES } from '../rest/errors.ts';
import type { FinderDef } from '../rest/types.ts';

export const CONTACT_KIND = 'contact';
export const CONTACT_POINT_KIND = 'contactPoint';

export const contactPointResource = defineResource({
  name: 'ContactPoint',
  title: 'Contact Point',
  titlePlural: 'Contact Points',
  api: 'crm',
  kind: CONTACT_POINT_KIND,
  parentField: 'PartyId',
  key: 'ContactPointId',
  fields: [
    num('ContactPointId', 'key'),
    field('ContactPointType', 'string', ['ro'], { values: ['EMAIL', 'PHONE'] }),
    str('EmailAddress', undefined, 'ro'),
    str('RawPhoneNumber', undefined, 'ro'),
    str('FormattedPhoneNumber', undefined, 'ro'),
    bool('PrimaryFlag', 'ro'),
    field('Status', 'string', ['ro'], { values: ['A', 'I'] }),
    str('CreatedBy', undefined, 'ro'),
    datetime('CreationDate', 'ro'),
    str('LastUpdatedBy', undefined, 'ro'),
    datetime('LastUpdateDate', 'ro'),
  ],
  defaultOrderBy: 'ContactPointId:asc',
  // spec 000 § Contacts: the child collection takes fields, limit, offset, totalResults, onlyData, links, orderBy, finder (no q).
  params: {
    collection: ['fields', 'limit', 'offset', 'totalResults', 'onlyData', 'links', 'orderBy', 'finder'],
    item: ['fields', 'onlyData', 'links'],
  },
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: REST_CODES.CONTACT_NOT_FOUND },
  badKeyCode: REST_CODES.BAD_ID,
});

const contactPartyNumberFinder: FinderDef = {
  name: 'ContactPartyNumberRF',
  variables: [{ name: 'PartyNumber', type: 'string' }],
  resolve: (vars) => ({ filter: (row) => row.PartyNumber === vars.PartyNumber }),
};

export const CONTACT_QUERYABLE = ['PartyId', 'PartyNumber', 'ContactName', 'FirstName', 'LastName', 'JobTitle', 'EmailAddress', 'PartyStatus', 'LastUpdateDate'];

export const contactResource = defineResource({
  name: 'contacts',
  title: 'Contact',
  titlePlural: 'Contacts',
  api: 'crm',
  kind: CONTACT_KIND,
  key: 'PartyId',
  pathKey: 'PartyNumber',
  fields: [
    num('PartyId', 'key', 'q'),
    str('PartyNumber', 30, 'ro', 'q'),
    str('ContactName', 360, 'ro', 'q'),
    str('ContactUniqueName', 360, 'ro'),
    str('FirstName', 150, 'ro', 'q'),
    str('LastName', 150, 'ro', 'q'),
    str('JobTitle', 100, 'ro', 'q'),
    str('EmailAddress', 320, 'ro', 'q'),
    str('WorkPhoneNumber', 40, 'ro'),
    str('MobileNumber', 40, 'ro'),
    str('HomePhoneNumber', 40, 'ro'),
    str('FaxNumber', 40, 'ro'),
    field('PartyStatus', 'string', ['ro', 'q'], { values: ['A', 'I'] }),
    field('PartyType', 'string', ['ro'], { values: ['PERSON'] }),
    relatedTo(num('AccountPartyId', 'ro'), { resource: 'receivablesInvoices', column: 'BillToPartyId', title: 'Invoices of this contact’s customer' }),
    datetime('LastUpdateDate', 'ro', 'q'),
    field('ContactPoint', 'array', ['ro']),
  ],
  children: { ContactPoint: contactPointResource },
  defaultOrderBy: 'PartyId:asc',
  finders: [contactPartyNumberFinder],
  refusedFinders: ['MyContacts', 'MyBusinessContacts', 'MyFavoriteContacts', 'SourceSystemReferenceAltKey'],
  params: {
    collection: ['q', 'fields', 'limit', 'offset', 'orderBy', 'totalResults', 'onlyData', 'links', 'expand', 'finder'],
    item: ['fields', 'onlyData', 'links', 'expand'],
  },
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: REST_CODES.CONTACT_NOT_FOUND },
  badKeyCode: REST_CODES.BAD_ID,
  queryableNote: `The simulator supports q on the documented list only (${CONTACT_QUERYABLE.join(', ')}); the gap is in the simulator, not in your request syntax.`,
});
