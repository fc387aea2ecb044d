/**
 * `GET {rest_base}/describe?metadataMode=list|minimal`: the catalog-level describe of the real
 * framework (Oracle's "Access Metadata"), beyond spec 000. `list` gives each resource's URLs and no
 * metadata; `minimal` each resource's titles and attribute names and types, without finders, actions
 * or children. The catalog-level describe needs metadataMode (400 otherwise, as Oracle documents
 * that it must be used there); a resource's own describe takes no metadataMode (refused by name).
 */
import type { ProductApp, Row } from '../../core/types.ts';
import { FW, RestError } from './rest/errors.ts';
import { apiBase, CRM_BASE, FSCM_BASE } from './rest/links.ts';
import { MEDIA, restJson } from './rest/media.ts';
import type { ResourceDef, RestContext } from './rest/types.ts';
import { REST_RESOURCES } from './resources.ts';

export const METADATA_MODES = ['list', 'minimal'] as const;

function entry(def: ResourceDef, href: string, mode: string): Row {
  const links = [
    { rel: 'self', href, name: def.name, kind: 'collection' },
    { rel: 'describe', href: `${href}/describe`, name: def.name, kind: 'describe' },
  ];
  if (mode === 'list') return { links };
  return {
    title: def.title,
    titlePlural: def.titlePlural,
    attributes: def.fields.filter((f) => !(f.type === 'array' && def.children[f.name])).map((f) => ({ name: f.name, type: f.type })),
    links,
  };
}

function catalogDescribe(c: RestContext, root: string): Response {
  const url = new URL(c.req.url);
  const names = [...url.searchParams.keys()];
  const mode = url.searchParams.get('metadataMode');
  const other = names.find((n) => n !== 'metadataMode');
  if (other) throw new RestError(400, FW.INVALID_PARAMETER_VALUE, `The catalog describe takes only metadataMode; ${other} is not accepted.`, { path: other });
  if (mode === null || !(METADATA_MODES as readonly string[]).includes(mode)) {
    throw new RestError(400, FW.INVALID_PARAMETER_VALUE, `The describe of every resource needs metadataMode=list or metadataMode=minimal${mode === null ? '' : `, not '${mode.slice(0, 40)}'`}.`, { path: 'metadataMode' });
  }
  const resources: Row = {};
  for (const def of REST_RESOURCES) if (apiBase(def) === root) resources[def.name] = entry(def, `${c.env.baseUrl}${root}/${def.name}`, mode);
  return restJson({ Resources: resources, links: [{ rel: 'self', href: `${c.env.baseUrl}${root}/describe`, name: 'describe', kind: 'describe' }] }, c.req.header('accept'), MEDIA.describe);
}

export function registerCatalogDescribe(app: ProductApp): void {
  for (const root of [FSCM_BASE, CRM_BASE]) app.get(`${root}/describe`, (c) => catalogDescribe(c, root));
}
