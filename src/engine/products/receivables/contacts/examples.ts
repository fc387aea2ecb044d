/** Ready-to-send contacts requests for the UI console (spec 000 § Contacts table). */
import type { ExampleRequest } from '../../../core/types.ts';
import { SEEDED_CONTACT_NUMBER } from '../errors/catalog.ts';
import { collectionPath } from '../rest/links.ts';
import { contactResource } from './definitions.ts';

const base = collectionPath(contactResource);
const ex = (id: string, title: string, path: string, expectStatus = 200, method = 'GET'): ExampleRequest => ({
  id: `contacts-${id}`,
  group: 'Contacts',
  title,
  method,
  path,
  auth: 'bearer',
  expectStatus,
});

export const contactExamples: ExampleRequest[] = [
  ex('list', 'List contacts (PartyId order)', `${base}?limit=5&totalResults=true`),
  ex('query', 'Active contacts whose last name starts with W', `${base}?q=${encodeURIComponent("PartyStatus='A';LastName LIKE 'W%'")}`),
  ex('finder-number', 'Find by PartyNumber (ContactPartyNumberRF)', `${base}?finder=${encodeURIComponent(`ContactPartyNumberRF;PartyNumber=${SEEDED_CONTACT_NUMBER}`)}`),
  ex('item', 'One contact by PartyNumber, with contact points', `${base}/${SEEDED_CONTACT_NUMBER}?expand=ContactPoint`),
  ex('points', 'Contact points of a contact', `${base}/${SEEDED_CONTACT_NUMBER}/child/ContactPoint`),
  ex('describe', 'Describe contacts', `${base}/describe`),
  ex('post', 'Create a contact (not allowed: 405)', base, 405, 'POST'),
];
