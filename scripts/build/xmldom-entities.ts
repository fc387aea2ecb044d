/**
 * The worker build's copy of xmldom's entity module (lib/entities.js) holds the five XML entities
 * only. The upstream module's HTML table (~2,200 entities, ~12 KB gzip, and ~8 ms of every worker
 * start to freeze) is read only when a document is parsed as text/html; the engine parses SOAP
 * requests as text/xml, whose five predefined entities are all a request may use (any other reference
 * is refused before the parser runs). test/receivables/soap/xmldom-upstream.test.ts fails if the
 * upstream module's exports or its XML table change.
 */
import type { Plugin } from 'vite';

/** lib/entities.js of @xmldom/xmldom, by its resolved path. */
export const XMLDOM_ENTITIES = /[\\/]@xmldom[\\/]xmldom[\\/]lib[\\/]entities\.js$/;

/** What the worker loads in its place: the same three exports, the HTML ones being the XML table. */
export const XML_ENTITIES_ONLY = [
  "'use strict';",
  "var XML_ENTITIES = Object.freeze({ amp: '&', apos: \"'\", gt: '>', lt: '<', quot: '\"' });",
  'exports.XML_ENTITIES = XML_ENTITIES;',
  '// text/html is never parsed in the worker: the HTML table is the XML one.',
  'exports.HTML_ENTITIES = XML_ENTITIES;',
  'exports.entityMap = XML_ENTITIES;',
].join('\n');

export function xmlEntitiesOnly(): Plugin {
  return {
    name: 'erp-sim:xml-entities-only',
    load(id) {
      return XMLDOM_ENTITIES.test(id) ? XML_ENTITIES_ONLY : null;
    },
  };
}
