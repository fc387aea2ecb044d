// What the worker build and both hosts change around @xmldom/xmldom, and the upstream shape each
// change relies on (issue 41 § Why it stays open: the stopped worker's first answer and the parse
// of large valid requests). If xmldom changes these files, these tests fail before a build ships.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import grammar from '@xmldom/xmldom/lib/grammar.js';
import { parseXml } from '../../../src/engine/products/receivables/soap/request-xml.ts';
import { cachedReg } from '../../../src/engine/products/receivables/soap/xmldom-regexp-cache.ts';
import { XML_ENTITIES_ONLY, XMLDOM_ENTITIES } from '../../../scripts/build/xmldom-entities.ts';

const require = createRequire(import.meta.url);
const lib = (file: string) => require.resolve(`@xmldom/xmldom/lib/${file}`);
const source = (file: string) => readFileSync(lib(file), 'utf8');

describe('worker build: xmldom entity module with the five XML entities only', () => {
  const upstream = require(lib('entities.js')) as Record<string, Record<string, string>>;
  const stub: Record<string, Record<string, string>> = {};
  new Function('exports', XML_ENTITIES_ONLY)(stub);

  it('replaces the module the library loads, by its resolved path', () => {
    expect(XMLDOM_ENTITIES.test(lib('entities.js'))).toBe(true);
    expect(source('dom-parser.js')).toContain("var entities = require('./entities');");
  });

  it('has the upstream module exports, and the same XML table', () => {
    expect(Object.keys(stub).sort()).toEqual(Object.keys(upstream).sort());
    expect(stub.XML_ENTITIES).toEqual({ ...upstream.XML_ENTITIES });
    expect(Object.keys(upstream.XML_ENTITIES ?? {}).sort()).toEqual(['amp', 'apos', 'gt', 'lt', 'quot']);
  });

  it('the HTML table is read only for text/html, which the engine never parses', () => {
    const domParser = source('dom-parser.js');
    expect(domParser.match(/entities\.\w+/g)).toEqual(['entities.XML_ENTITIES', 'entities.HTML_ENTITIES']);
    expect(domParser).toMatch(/if \(hasDefaultHTMLNamespace\(mimeType\)\) \{\s*entityMap = entities\.HTML_ENTITIES;/);
    const engine = readFileSync('src/engine/products/receivables/soap/request-xml.ts', 'utf8');
    expect(engine.match(/parseFromString\([^)]*\)/g)).toEqual(["parseFromString(text, 'text/xml')"]);
  });
});

describe('both hosts: one regular expression per grammar combination', () => {
  it('xmldom builds the end-tag expression from grammar.reg on every end tag, looked up on the module', () => {
    const sax = source('sax.js');
    expect(sax).toContain("var g = require('./grammar');");
    expect(sax).toContain("var endTagNameStrict = g.reg('^', g.QName_group, g.S_OPT, '$');");
    expect(sax).toContain("var expr = g.reg('^', args);"); // comments and CDATA sections
  });

  it('the grammar module both hosts load answers those calls from the cache', () => {
    const g = grammar as unknown as { reg(...p: (string | RegExp)[]): RegExp; QName_group: RegExp; S_OPT: RegExp };
    expect(g).toBe(require(lib('grammar.js'))); // the object sax.js holds
    const first = g.reg('^', g.QName_group, g.S_OPT, '$');
    expect(g.reg('^', g.QName_group, g.S_OPT, '$')).toBe(first);
    expect(first.flags).not.toMatch(/[gy]/);
    expect(first.exec('inv:Line ')?.[1]).toBe('inv:Line');
    expect(g.reg('^', g.QName_group)).not.toBe(first);
  });

  it('builds each combination once, keyed by the parts themselves', () => {
    const made: string[] = [];
    const reg = cachedReg((...parts) => {
      made.push(parts.map((p) => (typeof p === 'string' ? p : p.source)).join(''));
      return new RegExp(made.at(-1) as string, 'u');
    });
    const a = /a/;
    const a2 = /a/;
    for (let i = 0; i < 1000; i++) reg('^', a, '$');
    reg('^', a2, '$'); // same source, another expression: kept apart (the key never reads a source)
    reg('^a', '$');
    reg('^', 'a$');
    expect(made).toEqual(['^a$', '^a$', '^a$', '^a$']);
    expect(reg('^', a, '$')).toBe(reg('^', a, '$'));
  });

  it('keeps at most 64 combinations: past that, each call builds its own', () => {
    let built = 0;
    const reg = cachedReg((...parts) => (built++, new RegExp(parts.join(''))));
    for (let i = 0; i < 100; i++) reg('^', `x${i}`);
    expect(built).toBe(100);
    reg('^', 'x1');
    reg('^', 'x99');
    reg('^', 'x99');
    expect(built).toBe(102);
  });

  it('a large valid request parses the same with the cache (6,000 end tags)', () => {
    const root = parseXml(`<r xmlns:p="urn:p">${'<p:y a="1">t<![CDATA[c]]><!--n--></p:y>'.repeat(1999)}</r>`, { maxDepth: 32, maxAttributes: 64, maxElements: 6000 });
    expect(root.children).toHaveLength(1999);
    expect(root.children.every((c) => c.ns === 'urn:p' && c.local === 'y' && c.text === 'tc' && c.attrs[0]?.value === '1')).toBe(true);
  });
});
