/**
 * Variables (issue 24 § 2): `{{name}}` in a URL, header or body is replaced by the variable's value
 * when the request is sent. Unknown names stay as written, so a missing variable shows in the answer.
 * The console's older placeholders `{clientId}`, `{clientSecret}`, `{username}`, `{password}` and
 * `{token}` (single braces, in the catalog's examples) are the same variables by their old names.
 */
import type { Product } from './types.ts';

/** The variables every environment has, per product (values come from the environment and its credentials). */
export const BUILT_IN: Record<Product, readonly string[]> = {
  receivables: ['baseUrl', 'clientId', 'clientSecret', 'token', 'soapUser', 'soapPassword'],
  odata: ['baseUrl', 'username', 'password', 'token'],
};

/** Which built-ins are secrets (masked when shown, never written into exports or snippets). */
export const SECRET_VARIABLES = new Set(['clientSecret', 'token', 'soapPassword', 'password']);

/** Old placeholder names and the variable each stands for. */
export function aliasOf(product: Product, name: string): string {
  if (product === 'receivables' && name === 'username') return 'soapUser';
  if (product === 'receivables' && name === 'password') return 'soapPassword';
  return name;
}

const NAME = '[A-Za-z_][\\w.-]*';
const DOUBLE = new RegExp(`\\{\\{\\s*(${NAME})\\s*\\}\\}`, 'g');
const LEGACY = /\{(clientId|clientSecret|username|password|token)\}/g;

/** A valid user variable name: letters, digits, `_`, `.`, `-`, not starting with a digit. */
export const isVariableName = (name: string): boolean => new RegExp(`^${NAME}$`).test(name);

/** The variable names a text uses (old placeholders by their variable's name), in order, once each. */
export function variablesIn(text: string, product: Product): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(DOUBLE)) names.push(aliasOf(product, m[1] as string));
  for (const m of text.matchAll(LEGACY)) names.push(aliasOf(product, m[1] as string));
  return [...new Set(names)];
}

/** Replace variables by `value(name)`; a name it answers undefined for stays as written. */
export function substitute(text: string, product: Product, value: (name: string) => string | undefined): string {
  if (!text.includes('{')) return text;
  const one = (whole: string, raw: string) => value(aliasOf(product, raw)) ?? whole;
  return text.replace(DOUBLE, one).replace(LEGACY, one);
}

/** Old single-brace placeholders written as `{{variables}}` (exports and snippets speak one language). */
export function canonical(text: string, product: Product): string {
  return text.replace(DOUBLE, (_w, raw: string) => `{{${aliasOf(product, raw)}}}`).replace(LEGACY, (_w, raw: string) => `{{${aliasOf(product, raw)}}}`);
}
