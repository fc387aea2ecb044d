/**
 * Variables of an environment in the console (issue 24 § 2): the built-ins every environment has
 * (`{{baseUrl}}`, `{{clientId}}`, `{{clientSecret}}`, `{{token}}`, `{{soapUser}}`, `{{soapPassword}}`;
 * OData: `{{username}}`, `{{password}}`, `{{token}}` the PAT) from this browser's remembered
 * credentials, and the user's own, kept per environment in this browser (a request may set one from
 * its answer). The user's own win over a built-in of the same name.
 */
import { BUILT_IN, SECRET_VARIABLES, isVariableName, substitute, variablesIn } from '../../collections/variables.ts';
import type { ProductId } from '../../engine/for-app.ts';
import { bearerFor, credentialsFor } from './auth.ts';

const PREFIX = 'erp-sim:vars:';

export interface EnvRef {
  key: string;
  baseUrl: string;
  product: ProductId;
}

export interface UserVariable {
  name: string;
  value: string;
}

export { isVariableName, variablesIn };

export function loadVariables(envKey: string): UserVariable[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(PREFIX + envKey) ?? '[]');
    return Array.isArray(list) ? (list as UserVariable[]).filter((v) => v && typeof v.name === 'string' && typeof v.value === 'string') : [];
  } catch {
    return [];
  }
}

function store(envKey: string, list: UserVariable[]): UserVariable[] {
  try {
    localStorage.setItem(PREFIX + envKey, JSON.stringify(list));
  } catch {
    /* storage full: the list lives on in memory for this page */
  }
  return list;
}

/** Set (or add) variables; the list keeps its order, new names go last. */
export function setVariables(envKey: string, values: Record<string, string>): UserVariable[] {
  const list = loadVariables(envKey);
  for (const [name, value] of Object.entries(values)) {
    const at = list.findIndex((v) => v.name === name);
    if (at >= 0) list[at] = { name, value };
    else list.push({ name, value });
  }
  return store(envKey, list);
}

export function deleteVariable(envKey: string, name: string): UserVariable[] {
  return store(envKey, loadVariables(envKey).filter((v) => v.name !== name));
}

export function forgetVariables(envKey: string): void {
  localStorage.removeItem(PREFIX + envKey);
}

export const builtInNames = (product: ProductId): readonly string[] => BUILT_IN[product];
export const isSecret = (name: string): boolean => SECRET_VARIABLES.has(name);

/** A built-in's value now, without fetching (the receivables token: the cached one, if any). */
export function builtInValue(env: EnvRef, name: string, cachedToken?: string): string | undefined {
  if (name === 'baseUrl') return env.baseUrl;
  if (env.product === 'receivables') {
    const client = credentialsFor(env.key, 'bearer').sort((a, b) => (b.privileges?.length ?? 0) - (a.privileges?.length ?? 0))[0];
    const soap = credentialsFor(env.key, 'soap')[0];
    if (name === 'clientId') return client?.clientId;
    if (name === 'clientSecret') return client?.clientSecret;
    if (name === 'soapUser') return soap?.username;
    if (name === 'soapPassword') return soap?.password;
    if (name === 'token') return cachedToken;
    return undefined;
  }
  const user = credentialsFor(env.key, 'basic')[0];
  if (name === 'username') return user?.username;
  if (name === 'password') return user?.password;
  if (name === 'token') return credentialsFor(env.key, 'pat')[0]?.token;
  return undefined;
}

export interface VariableView {
  name: string;
  value: string | undefined;
  kind: 'yours' | 'built-in';
  secret: boolean;
}

/** Every variable of the environment as the Variables panel lists it (the user's own first). */
export function allVariables(env: EnvRef): VariableView[] {
  const own = loadVariables(env.key);
  const mine = own.map((v) => ({ name: v.name, value: v.value, kind: 'yours' as const, secret: false }));
  const builtIns = BUILT_IN[env.product].filter((n) => !own.some((v) => v.name === n)).map((name) => ({ name, value: builtInValue(env, name), kind: 'built-in' as const, secret: isSecret(name) }));
  return [...mine, ...builtIns];
}

/** The value shown for a variable on hover: secrets masked, a missing one said so. */
export function describeVariable(env: EnvRef, name: string): string {
  const own = loadVariables(env.key).find((v) => v.name === name);
  if (own) return `{{${name}}} = ${own.value}`;
  if (!BUILT_IN[env.product].includes(name)) return `{{${name}}} is not set: it is sent as written`;
  if (name === 'token' && env.product === 'receivables') return '{{token}} = an access token the console fetches with the best remembered OAuth client when sent';
  const v = builtInValue(env, name);
  if (v === undefined) return `{{${name}}}: no remembered credential of this environment (see Environments)`;
  return `{{${name}}} = ${isSecret(name) ? `${'•'.repeat(8)} (a remembered secret)` : v}`;
}

/** Fill the variables of a text for sending: the user's own, then the built-ins (a receivables token fetched when used). */
export async function fillVariables(env: EnvRef, text: string): Promise<string> {
  if (!text.includes('{')) return text;
  const own = new Map(loadVariables(env.key).map((v) => [v.name, v.value]));
  const values = new Map<string, string>();
  for (const name of variablesIn(text, env.product)) {
    let v = own.get(name) ?? builtInValue(env, name);
    if (v === undefined && name === 'token' && env.product === 'receivables') v = await bearerFor(env.key, env.baseUrl).catch(() => undefined);
    if (v !== undefined) values.set(name, v);
  }
  return substitute(text, env.product, (n) => values.get(n));
}
