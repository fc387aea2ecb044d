// Secrets never enter the journal (issue 12 § 1): each shape a secret travels in, including a body
// cut short before it could be parsed.
import { describe, expect, it } from 'vitest';
import { redactBody, redactHeaders, redactPath } from '../../src/engine/journal/redact.ts';

describe('redaction (issue 12 § 1 secrets)', () => {
  it('Authorization keeps its scheme only; cookies and API keys go whole', () => {
    const h = redactHeaders(new Headers({ authorization: 'Bearer abc.def', cookie: 'sid=1', 'x-api-key': 'k', accept: 'application/json' }));
    expect(h).toEqual({ authorization: 'Bearer [redacted]', cookie: '[redacted]', 'x-api-key': '[redacted]', accept: 'application/json' });
  });

  it('form and query fields: client_secret, password, tokens; other fields kept in order', () => {
    expect(redactBody('grant_type=client_credentials&client_id=c1&client_secret=s3cr3t', 'application/x-www-form-urlencoded')).toBe(
      'grant_type=client_credentials&client_id=c1&client_secret=%5Bredacted%5D',
    );
    expect(redactPath('/oauth/token?access_token=abc&x=1')).toBe('/oauth/token?access_token=%5Bredacted%5D&x=1');
  });

  it('JSON fields at any depth; a body without secrets keeps its layout', () => {
    const out = JSON.parse(redactBody('{"a":{"password":"p","list":[{"clientSecret":"s"}]},"access_token":"t","n":1}', 'application/json'));
    expect(out).toEqual({ a: { password: '[redacted]', list: [{ clientSecret: '[redacted]' }] }, access_token: '[redacted]', n: 1 });
    expect(redactBody('{ "x":  1 }', 'application/json')).toBe('{ "x":  1 }');
  });

  it('a secret field named with escapes is still found; bodies without one come back as they were, valid or not', () => {
    // A JSON body is parsed only when it may name a secret field (issue 22 § Also): the plain search
    // misses a key written with escapes, so a backslash sends the body through the parse.
    const out = JSON.parse(redactBody('{"pass\\u0077ord":"hunter2","Client_Secret":"s"}', 'application/json'));
    expect(out).toEqual({ password: '[redacted]', Client_Secret: '[redacted]' });
    for (const body of ['{"items":[{"Description":"tokens and secrets","n":1}]}', '{"cut": [1, 2', '[{"a":"b"}, {"c":']) expect(redactBody(body, 'application/json')).toBe(body);
  });

  it('a JSON body cut short is redacted by pattern', () => {
    const cut = `{"access_token": "${'a'.repeat(40)}", "items": [${'1,'.repeat(50)}`;
    const out = redactBody(cut, 'application/json', true);
    expect(out).not.toContain('a'.repeat(40));
    expect(out).toContain('"access_token": "[redacted]"');
  });

  it('WS-Security passwords in any prefix; the username stays', () => {
    const xml = '<wsse:UsernameToken><wsse:Username>soap.user.ab</wsse:Username><wsse:Password Type="...#PasswordText">hunter2</wsse:Password></wsse:UsernameToken>';
    const out = redactBody(xml, 'text/xml; charset=utf-8');
    expect(out).toContain('<wsse:Username>soap.user.ab</wsse:Username>');
    expect(out).toContain('<wsse:Password Type="...#PasswordText">[redacted]</wsse:Password>');
    expect(out).not.toContain('hunter2');
  });
});
