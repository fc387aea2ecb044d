/**
 * Templates of the teaching catalog made for one environment: its base URL and name put where the
 * template holds placeholders. Small on purpose: it runs in the service worker.
 */
export const TEMPLATE_BASE_URL = 'https://erp-sim.invalid/sim/env_template';
export const TEMPLATE_NAME = 'environment';

/** A copy of `template` with the base URL replaced everywhere and the environment's name set. */
export function personalize(template: Record<string, unknown>, baseUrl: string, name: string, kind: 'openapi' | 'postman'): Record<string, unknown> {
  const doc = JSON.parse(JSON.stringify(template).split(TEMPLATE_BASE_URL).join(baseUrl)) as Record<string, unknown>;
  if (kind === 'openapi') {
    doc.servers = [{ url: baseUrl, description: name }];
  } else {
    const info = doc.info as { name: string };
    info.name = `${info.name.slice(0, info.name.lastIndexOf(`: ${TEMPLATE_NAME}`))}: ${name}`;
  }
  return doc;
}
