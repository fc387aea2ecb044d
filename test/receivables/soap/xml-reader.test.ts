// The InvoiceService's XML reader: well-formedness, namespaces, entities, limits, no DTD
// (spec 000 § SOAP invoice service: "no DOCTYPE allowed"; Errors: env:Client.MalformedXml, DtdForbidden).
import { describe, expect, it } from 'vitest';
import { parseXml, XmlError, type XmlNode } from '../../../src/engine/products/receivables/soap/xml-reader.ts';

const LIMITS = { maxDepth: 32, maxAttributes: 64, maxElements: 1000 };
const parse = (text: string) => parseXml(text, LIMITS);
const problem = (text: string) => {
  try {
    parse(text);
  } catch (err) {
    if (err instanceof XmlError) return { problem: err.problem, message: err.message };
    throw err;
  }
  return null;
};

describe('XML reader: what it reads', () => {
  it('resolves element and attribute namespaces with scoping and default namespaces', () => {
    const root = parse(`<?xml version="1.0" encoding="UTF-8"?><a:Root xmlns:a="urn:a" xmlns="urn:d"><Child a:x="1" y="2"><b:In xmlns:b="urn:b"/></Child><a:Root2 xmlns:a="urn:other"/></a:Root>`);
    expect([root.ns, root.local, root.name]).toEqual(['urn:a', 'Root', 'a:Root']);
    const child = root.children[0] as XmlNode;
    expect([child.ns, child.local]).toEqual(['urn:d', 'Child']);
    expect(child.attrs.map((a) => [a.ns, a.local, a.value])).toEqual([['urn:a', 'x', '1'], ['', 'y', '2']]);
    expect((child.children[0] as XmlNode).ns).toBe('urn:b');
    expect((root.children[1] as XmlNode).ns).toBe('urn:other');
  });

  it('decodes the five predefined entities, character references and CDATA; skips comments', () => {
    const root = parse(`<r t="&quot;x&apos; &#65;&#x42;">&lt;&gt;&amp; &#x1F600;<!-- note --><![CDATA[<raw & text>]]></r>`);
    expect(root.text).toBe('<>& 😀<raw & text>');
    expect(root.attrs[0]?.value).toBe(`"x' AB`);
  });

  it('normalizes line ends and attribute whitespace', () => {
    const root = parse('<r a="x\ty\r\nz">l1\r\nl2\rl3</r>');
    expect(root.attrs[0]?.value).toBe('x y z');
    expect(root.text).toBe('l1\nl2\nl3');
  });
});

describe('XML reader: what it refuses (env:Client.MalformedXml / DtdForbidden)', () => {
  it.each([
    ['not XML', 'hello'],
    ['empty', ''],
    ['unclosed element', '<a><b></b>'],
    ['mismatched end tag', '<a></b>'],
    ['two roots', '<a/><b/>'],
    ['text after the root', '<a/>x'],
    ['undeclared entity', '<a>&nbsp;</a>'],
    ['bare ampersand', '<a>fish & chips</a>'],
    ['unbound prefix', '<x:a/>'],
    ['duplicate attribute', '<a b="1" b="2"/>'],
    ['duplicate expanded attribute', '<a xmlns:p="urn:x" xmlns:q="urn:x" p:b="1" q:b="2"/>'],
    ['unquoted attribute', '<a b=1/>'],
    ['attributes without a space', '<a b="1"c="2"/>'],
    ['< in an attribute', '<a b="<"/>'],
    ['processing instruction', '<a><?php echo 1 ?></a>'],
    ['invalid character reference', '<a>&#0;</a>'],
    ['control character', '<a>\u0001</a>'],
    [']]> in text', '<a>]]></a>'],
    ['-- in a comment', '<a><!-- a -- b --></a>'],
    ['XML 1.1', '<?xml version="1.1"?><a/>'],
    ['a non-UTF-8 declaration', '<?xml version="1.0" encoding="ISO-8859-1"?><a/>'],
    ['an ENTITY declaration without DOCTYPE', '<a><!ENTITY x "y"></a>'],
    ['empty prefix binding', '<a xmlns:p=""/>'],
  ])('%s', (_what, text) => {
    expect(problem(text)?.problem).toBe('malformed');
  });

  it('refuses any DOCTYPE as a DTD problem', () => {
    expect(problem('<!DOCTYPE a><a/>')?.problem).toBe('dtd');
    expect(problem('<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>')?.problem).toBe('dtd');
  });

  it('stops at the depth, attribute and element limits', () => {
    expect(problem(`${'<a>'.repeat(33)}${'</a>'.repeat(33)}`)?.problem).toBe('limit');
    expect(problem(`${'<a>'.repeat(32)}${'</a>'.repeat(32)}`)).toBeNull();
    const attrs = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="1"`).join('');
    expect(problem(`<a${attrs(65)}/>`)?.problem).toBe('limit');
    expect(problem(`<a${attrs(64)}/>`)).toBeNull();
    expect(problem(`<r>${'<e/>'.repeat(1000)}</r>`)?.problem).toBe('limit');
  });
});
