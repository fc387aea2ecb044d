// The InvoiceService's request XML, parsed by xmldom's namespace-aware DOMParser after one linear
// check of the raw text: well-formedness, namespaces, entities, limits, no DTD (spec 000 § SOAP invoice service: "no DOCTYPE
// allowed"; Errors: env:Client.MalformedXml, DtdForbidden; issue 41: the guarantees of the former
// hand-written reader kept on the library).
import { describe, expect, it } from 'vitest';
import { parseXml, XmlError, type XmlNode } from '../../../src/engine/products/receivables/soap/request-xml.ts';

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

describe('request XML: what it reads', () => {
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

  it('normalizes line ends and attribute whitespace (XML 1.0 § 2.11, § 3.3.3)', () => {
    const root = parse('<r a="x\ty\r\nz">l1\r\nl2\rl3</r>');
    expect(root.attrs[0]?.value).toBe('x y z');
    expect(root.text).toBe('l1\nl2\nl3');
    // XML 1.0, not 1.1: NEL and LINE SEPARATOR are characters of the text, not line ends.
    expect(parse('<r>a\u0085b\u2028c</r>').text).toBe('a\u0085b\u2028c');
  });

  it('keeps element and attribute names that are also names of object methods as written', () => {
    const root = parse('<toString valueOf="1"><hasOwnProperty/></toString>');
    expect([root.local, root.attrs[0]?.local, root.children[0]?.local]).toEqual(['toString', 'valueOf', 'hasOwnProperty']);
  });
});

describe('request XML: what it refuses (env:Client.MalformedXml / DtdForbidden)', () => {
  it.each([
    ['not XML', 'hello'],
    ['empty', ''],
    ['unclosed element', '<a><b></b>'],
    ['mismatched end tag', '<a></b>'],
    ['two roots', '<a/><b/>'],
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
    ['XML 1.1', '<?xml version="1.1"?><a/>'],
    ['a non-UTF-8 declaration', '<?xml version="1.0" encoding="ISO-8859-1"?><a/>'],
    ['an ENTITY declaration without DOCTYPE', '<a><!ENTITY x "y"></a>'],
    ['empty prefix binding', '<a xmlns:p=""/>'],
    ['text after a closed root', '<a></a>x'],
    ['a second root after a self-closed one', '<a/><b/>'],
    ['an undeclared entity in an attribute', '<a b="&nbsp;"/>'],
    ['a surrogate character reference', '<a>&#xD800;</a>'],
    ['a name with two colons', '<a:b:c xmlns:a="urn:a"/>'],
    ['a processing instruction after the root', '<a/><?pi x?>'],
    ['a declaration not at the start', ' <?xml version="1.0"?><a/>'],
    ['text after a self-closed root', '<a/>x'],
    ['-- in a comment', '<a><!-- a -- b --></a>'],
    ['an unterminated comment', '<a><!-- a </a>'],
    ['an unterminated attribute value', '<a b="1/>'],
  ])('%s', (_what, text) => {
    expect(problem(text)?.problem).toBe('malformed');
  });

  it('refuses any DOCTYPE as a DTD problem, wherever it is and however it is spelled', () => {
    expect(problem('<a><!DOCTYPE a></a>')?.problem).toBe('dtd');
    expect(problem('<!doctype a><a/>')?.problem).toBe('dtd');
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

// What XML 1.0 refuses (§ 2.4) and xmldom lets through. Harmless here: nothing is declared or
// expanded. Kept as the library decides rather than re-checked by hand.
describe('request XML: left to the library', () => {
  it.each([[']]> in text', '<a>]]></a>', ']]>']])('%s is read as it stands', (_what, text, content) => {
    expect(parse(text).text).toBe(content);
  });
});

describe('request XML: the raw-text check refuses before the library parses', () => {
  it('counts comments and CDATA sections with the elements, and attributes in both quote styles', () => {
    expect(problem(`<r>${'<!---->'.repeat(1000)}</r>`)?.problem).toBe('limit');
    expect(problem(`<r>${'<![CDATA[x]]>'.repeat(1000)}</r>`)?.problem).toBe('limit');
    expect(problem(`<r>${'<!---->'.repeat(998)}</r>`)).toBeNull();
    const attrs = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}='>"'`).join('');
    expect(problem(`<a${attrs(65)}/>`)?.problem).toBe('limit');
    expect(parse(`<a${attrs(64)}/>`).attrs[63]?.value).toBe('>"');
  });

  it('does not count markup inside comments, CDATA sections and attribute values', () => {
    const inside = '<e/>'.repeat(2000);
    expect(parse(`<r><!--${inside}--><![CDATA[${inside}]]></r>`).text).toBe(inside);
    expect(parse(`<r a="${'&lt;e/&gt;'.repeat(2000)}"/>`).attrs[0]?.value).toBe(inside);
  });

  it('checks references in attribute values too', () => {
    expect(problem('<a b="x &nbsp;"/>')?.message).toContain('&nbsp;');
    expect(problem('<a b="&#xFFFE;"/>')?.problem).toBe('malformed');
  });
});
