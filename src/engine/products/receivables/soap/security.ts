/**
 * WS-Security for the InvoiceService (spec 000 § Authentication 4): a UsernameToken with the
 * PasswordText profile in a secext 1.0 Security header, checked against the environment's SOAP users
 * (credentials of type soap-user, stored as hashes). SOAP credentials never expire; a revoked user or
 * one of another environment fails exactly like a wrong password. An optional wsu:Timestamp is
 * accepted and not checked (the environment clock may be moved far from the client's clock).
 */
import type { CredentialService, StoredCredential } from '../../../core/types.ts';
import { fault } from './faults.ts';
import { PASSWORD_DIGEST, PASSWORD_TEXT, WSSE_NS, WSU_NS } from './names.ts';
import type { XmlNode } from './request-xml.ts';

/** One message for every failed login, so a caller cannot tell which part was wrong. */
export const AUTH_FAILED = 'The user name or password in the WS-Security UsernameToken is not valid for this environment.';

const is = (n: XmlNode, ns: string, local: string) => n.ns === ns && n.local === local;
const describe = (n: XmlNode) => (n.ns ? `{${n.ns}}${n.local}` : n.local);

/** The UsernameToken of the request's Security header, refusing other token types clearly. */
export function findUsernameToken(blocks: readonly XmlNode[]): XmlNode {
  const security = blocks.filter((b) => is(b, WSSE_NS, 'Security'));
  if (security.length === 0) {
    const other = blocks.find((b) => b.local === 'Security');
    const hint = other ? ` (a Security header in namespace ${other.ns || 'none'} was found; WS-Security 1.0 uses ${WSSE_NS})` : '';
    throw fault('AuthRequired', `A WS-Security header with a UsernameToken is required${hint}.`);
  }
  if (security.length > 1) throw fault('MalformedXml', 'The SOAP header holds more than one wsse:Security element.');
  const children = (security[0] as XmlNode).children;
  let token: XmlNode | undefined;
  for (const child of children) {
    if (is(child, WSU_NS, 'Timestamp')) continue;
    if (is(child, WSSE_NS, 'UsernameToken') && !token) {
      token = child;
      continue;
    }
    if (is(child, WSSE_NS, 'UsernameToken')) throw fault('MalformedXml', 'The Security header holds more than one UsernameToken.');
    const saml = /SAML/i.test(child.ns) || child.local === 'Assertion';
    throw fault(
      'TokenTypeUnsupported',
      saml
        ? 'SAML assertions are not implemented; send a WS-Security UsernameToken with a PasswordText password.'
        : `The security token ${describe(child)} is not supported; send a WS-Security UsernameToken with a PasswordText password.`,
    );
  }
  if (!token) throw fault('AuthRequired', 'The WS-Security header holds no UsernameToken.');
  return token;
}

/** Check the token's password type and the user; returns the SOAP user's credential. */
export async function authenticate(blocks: readonly XmlNode[], credentials: CredentialService): Promise<StoredCredential> {
  const token = findUsernameToken(blocks);
  let username: XmlNode | undefined;
  let password: XmlNode | undefined;
  for (const child of token.children) {
    if (is(child, WSSE_NS, 'Username') && !username) username = child;
    else if (is(child, WSSE_NS, 'Password') && !password) password = child;
    else if (!is(child, WSSE_NS, 'Nonce') && !is(child, WSU_NS, 'Created')) {
      throw fault('MalformedXml', `The UsernameToken element ${describe(child)} is not allowed (Username, Password, Nonce, Created).`);
    }
  }
  if (password) {
    const type = password.attrs.find((a) => a.ns === '' && a.local === 'Type')?.value.trim();
    if (type === PASSWORD_DIGEST) throw fault('PasswordTypeUnsupported', `The PasswordDigest password type is not supported; send the password as ${PASSWORD_TEXT}.`);
    if (type !== undefined && type !== PASSWORD_TEXT) throw fault('PasswordTypeUnsupported', `The password type ${type} is not supported; send the password as ${PASSWORD_TEXT}.`);
  }
  const name = username?.text.trim() ?? '';
  const secret = password?.text ?? '';
  if (!name || !secret) throw fault('AuthFailed', AUTH_FAILED);
  const cred = await credentials.verify('soap-user', name, secret);
  if (!cred) throw fault('AuthFailed', AUTH_FAILED);
  return cred;
}
