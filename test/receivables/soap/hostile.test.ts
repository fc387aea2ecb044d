// Hostile XML and fuzzing on the InvoiceService (issue 11 § 2: external entities, billion laughs,
// quadratic blowup, deep nesting and huge attribute counts refused fast without reading a file or
// the network; an oversized body gets a clear fault; fuzzing finds no 500 except the documented
// application faults, and no hang). Spec 000 § SOAP invoice service: no DOCTYPE allowed.
// The 50 ms target is measured and printed here; the assertion only guards against a hang
// (speed itself is for npm run bench, not for timed assertions).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/engine/products/receivables/soap/envelope.ts';
import { createSimpleInvoiceXml, SAMPLE_HEADER, SAMPLE_LINES, securityHeader, SOAP_HEADERS, soapRequest, type SimpleLine } from '../../../src/engine/products/receivables/soap/examples.ts';
import { MAX_INVOICE_LINES } from '../../../src/engine/products/receivables/soap/names.ts';
import { soapEnv, type SoapEnv } from './helpers.ts';

let s: SoapEnv;
const figures: string[] = [];
beforeAll(async () => {
  s = await soapEnv();
});
afterAll(() => {
  console.log(`hostile XML, time to the fault through engine.handle:\n  ${figures.join('\n  ')}`);
});

const secret = join(mkdtempSync(join(tmpdir(), 'erp-sim-xxe-')), 'secret.txt');
writeFileSync(secret, 'TOP-SECRET-MARKER');

const ENV_OPEN = '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>';
const ENV_CLOSE = '</soapenv:Body></soapenv:Envelope>';
const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
const bigEntity = 'A'.repeat(50_000);

const HOSTILE: [string, () => string, number, string][] = [
  ['external entity (file)', () => `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file://${secret}">]>${ENV_OPEN}<x>&xxe;</x>${ENV_CLOSE}`, 400, 'env:Client.DtdForbidden'],
  ['external entity (network)', () => `<!DOCTYPE r [<!ENTITY xxe SYSTEM "http://127.0.0.1:9/x">]>${ENV_OPEN}<x>&xxe;</x>${ENV_CLOSE}`, 400, 'env:Client.DtdForbidden'],
  ['billion laughs', () => `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${laughs}]>${ENV_OPEN}<x>&lol9;</x>${ENV_CLOSE}`, 400, 'env:Client.DtdForbidden'],
  ['quadratic blowup', () => `<!DOCTYPE r [<!ENTITY a "${bigEntity}">]>${ENV_OPEN}<x>${'&a;'.repeat(15_000)}</x>${ENV_CLOSE}`, 400, 'env:Client.DtdForbidden'],
  ['entity references without a DTD (100k)', () => `${ENV_OPEN}<x>${'&a;'.repeat(100_000)}</x>${ENV_CLOSE}`, 400, 'env:Client.MalformedXml'],
  ['deeply nested elements (100k levels)', () => `${ENV_OPEN}${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}${ENV_CLOSE}`, 400, 'env:Client.MalformedXml'],
  ['huge attribute count (80k on one element)', () => `${ENV_OPEN}<x ${Array.from({ length: 80_000 }, (_, i) => `a${i}="1"`).join(' ')}/>${ENV_CLOSE}`, 400, 'env:Client.MalformedXml'],
  ['huge namespace declaration count', () => `${ENV_OPEN}<x ${Array.from({ length: 30_000 }, (_, i) => `xmlns:p${i}="urn:${i}"`).join(' ')}/>${ENV_CLOSE}`, 400, 'env:Client.MalformedXml'],
  ['oversized body (5 MB)', () => `${ENV_OPEN}<x>${'y'.repeat(5_000_000)}</x>${ENV_CLOSE}`, 413, 'env:Client.RequestTooLarge'],
  // issue 26 § What to reach: a hostile envelope refused in under 50 ms even at 1 MiB (1,000 and
  // 20,000 lines took 275-300 ms): more than MAX_INVOICE_LINES lines are refused before parsing.
  ['1,000 invoice lines (signed)', () => s.envelope(SAMPLE_HEADER, manyLines(1000)), 413, 'env:Client.TooManyLines'],
  ['1,000 invoice lines with a wrong password', () => soapRequest(createSimpleInvoiceXml(SAMPLE_HEADER, manyLines(1000)), securityHeader(s.user.username, 'wrong')), 413, 'env:Client.TooManyLines'],
  ['1 MiB envelope of minimal lines (15,800)', () => fullOfLines(), 413, 'env:Client.TooManyLines'],
  ['6,001 elements that are no lines', () => `${ENV_OPEN}<x>${'<y/>'.repeat(6_001)}</x>${ENV_CLOSE}`, 400, 'env:Client.MalformedXml'],
];

function manyLines(n: number): SimpleLine[] {
  return Array.from({ length: n }, (_, i) => ({ ...(SAMPLE_LINES[0] as SimpleLine), LineNumber: i + 1, Description: `Line ${i + 1}` }));
}

/** A signed createSimpleInvoice envelope filled up to the 1 MiB size limit with lines of one element each. */
function fullOfLines(): string {
  const line = '<inv:InvoiceLine><inv:Quantity>1</inv:Quantity></inv:InvoiceLine>';
  const base = s.envelope();
  const n = Math.floor((MAX_BODY_BYTES - base.length) / line.length);
  return base.replace('</typ:invoiceHeaderInformation>', `${line.repeat(n)}</typ:invoiceHeaderInformation>`);
}

describe('hostile XML is refused fast, without reading a file or the network', () => {
  it.each(HOSTILE)('%s', async (name, make, status, code) => {
    const body = make();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await s.post(body); // warm-up: the first request of a kind compiles code paths
    const t0 = performance.now();
    const a = await s.post(body);
    const ms = performance.now() - t0;
    figures.push(`${name} (${(body.length / 1024).toFixed(0)} KB): ${ms.toFixed(1)} ms`);
    expect([a.status, a.fault?.faultcode]).toEqual([status, code]);
    expect(a.text).not.toContain('TOP-SECRET-MARKER');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    expect(ms).toBeLessThan(1000); // "does not hang"; the 50 ms target is in the printed figures
  });
});

describe(`the line limit: at most ${MAX_INVOICE_LINES} InvoiceLine elements (issue 26; spec 000 § Limits: not shown)`, () => {
  it('an invoice of exactly the limit is created; one more line is refused by a fault that states the limit', async () => {
    const at = await s.post(s.envelope(SAMPLE_HEADER, manyLines(MAX_INVOICE_LINES)));
    expect(at.status).toBe(200);
    expect(at.doc.Envelope.Body.createSimpleInvoiceResponse.result.ServiceStatus).toBe('SUCCESS');
    const over = await s.post(s.envelope(SAMPLE_HEADER, manyLines(MAX_INVOICE_LINES + 1)));
    expect([over.status, over.fault?.faultcode]).toEqual([413, 'env:Client.TooManyLines']);
    expect(over.fault?.faultstring).toContain(`createSimpleInvoice accepts at most ${MAX_INVOICE_LINES}`);
    expect(over.contentType).toBe('text/xml; charset=utf-8');
  });

  it('the 1 MiB envelope of lines is within the size limit: it is the line count that refuses it', () => {
    const bytes = new TextEncoder().encode(fullOfLines()).length;
    expect(bytes).toBeGreaterThan(MAX_BODY_BYTES - 100);
    expect(bytes).toBeLessThanOrEqual(MAX_BODY_BYTES);
  });
});

describe('fuzzing envelopes and headers (fast-check)', () => {
  const TOKENS = ['<', '>', '/>', '</', '&', '&amp;', '&#0;', '&#x41;', '"', "'", '=', ']]>', '<![CDATA[', '<!--', '-->', '<?x?>', '<!DOCTYPE a>', 'xmlns:p="urn:x"', 'p:', '\u0000', '\uFFFF', '😀', ' ', '\n', 'xsi:nil="true"', '<inv:GlDate>1</inv:GlDate>', '<inv:InvoiceLine/>', '9'.repeat(30), '-1.5'];
  const CONTENT_TYPES = ['text/xml; charset=utf-8', 'text/xml', 'application/soap+xml', '', 'text/xml; charset=latin1', 'application/json'];
  const ACTIONS: (string | undefined)[] = [SOAP_HEADERS.soapaction, '""', undefined, 'urn:x', '"'];

  it('finds no 500 except application faults (env:Server) and MustUnderstand, no non-XML answer, no unhandled error', async () => {
    const valid = s.envelope();
    const before = s.sim.engine.stats.unhandledErrors;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(valid.length), fc.nat(60), fc.constantFrom(...TOKENS)), { maxLength: 4 }),
        fc.constantFrom(...CONTENT_TYPES),
        fc.constantFrom(...ACTIONS),
        async (edits, contentType, action) => {
          let body = valid;
          for (const [at, cut, token] of edits) body = body.slice(0, at) + token + body.slice(at + cut);
          const headers: Record<string, string> = { 'content-type': contentType };
          if (action !== undefined) headers.soapaction = action;
          const a = await s.post(body, headers);
          expect([200, 400, 401, 413, 415, 500]).toContain(a.status);
          expect(a.contentType).toBe('text/xml; charset=utf-8');
          if (a.status !== 200) expect(a.fault?.faultcode).toMatch(/^env:(Client\.\w+|Server|MustUnderstand)$/);
          if (a.status === 500) expect(['env:Server', 'env:MustUnderstand']).toContain(a.fault?.faultcode);
          if (a.fault?.faultcode === 'env:Server') expect(a.fault.detail?.ServiceErrorMessage?.code).toMatch(/^(AR-|SIM-REST-|SIM-SOAP-)/);
        },
      ),
      { numRuns: 400, seed: 11 },
    );
    expect(s.sim.engine.stats.unhandledErrors).toBe(before);
  }, 120_000);
});
