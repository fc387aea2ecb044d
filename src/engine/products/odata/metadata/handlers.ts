/** Root service document, $metadata and the function imports (spec 001 § Root and metadata). */
import { json } from '../../../core/http.ts';
import type { EnvContext } from '../../../core/types.ts';
import { principalOfEnv } from '../auth/principal.ts';
import { BIN_VERSION, HOSTING, ODATA_VERSION, PRODUCT_VERSION } from '../config.ts';
import { odataError } from '../errors/envelope.ts';
import { MSG } from '../errors/messages.ts';
import { ENTITY_SETS, formByName } from '../forms/index.ts';
import type { FunctionName } from '../query/path.ts';
import { metadataUrl } from '../read/context.ts';
import { metadataDocument, metadataFor } from './edmx.ts';

export const XML_TYPE = 'application/xml; charset=utf-8';

export function xml(body: string): Response {
  return new Response(body, { status: 200, headers: { 'content-type': XML_TYPE } });
}

/** GET (root): the entity sets. */
export function serviceDocument(env: EnvContext): Response {
  return json({
    '@odata.context': metadataUrl(env),
    value: ENTITY_SETS.map((f) => ({ name: f.name, kind: 'EntitySet', url: f.name })),
  });
}

export function metadata(): Response {
  return xml(metadataDocument());
}

function stringValue(env: EnvContext, value: string): Response {
  return json({ '@odata.context': `${metadataUrl(env)}#Edm.String`, value });
}

export function callFunction(env: EnvContext, name: FunctionName, entity?: string): Response {
  switch (name) {
    case 'GetMetadataFor': {
      const form = formByName(entity ?? '');
      return form ? xml(metadataFor(form)) : odataError(404, MSG.netprestNoData(entity ?? ''));
    }
    case 'GetProductVersion':
      return stringValue(env, PRODUCT_VERSION);
    case 'GetODataVersion':
      return stringValue(env, ODATA_VERSION);
    case 'GetBinVersion':
      return stringValue(env, BIN_VERSION);
    case 'GetLoginName':
      return stringValue(env, principalOfEnv(env)?.login ?? '');
    case 'GetTenantDetails':
      return json({ tenantID: env.env.tenantId, hosting: HOSTING });
  }
}
