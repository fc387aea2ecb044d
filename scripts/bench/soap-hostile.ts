/**
 * Hostile SOAP envelopes against the Node host over HTTP (issue 26 § What to reach: "A hostile SOAP
 * envelope is refused in under 50 ms even at 1 MiB"; before, 1,000 and 20,000 invoice lines took
 * 275-300 ms). Time from sending the request to the whole fault, the SOAP user hashed as the host
 * hashes every credential. `npm run bench -- soap-hostile`.
 */
import { createSimpleInvoiceXml, SAMPLE_HEADER, SAMPLE_LINES, securityHeader, SOAP_HEADERS, soapRequest, type SimpleLine } from '../../src/engine/products/receivables/soap/examples.ts';
import { MAX_BODY_BYTES } from '../../src/engine/products/receivables/soap/envelope.ts';
import { MAX_INVOICE_LINES, SERVICE_PATH } from '../../src/engine/products/receivables/soap/names.ts';
import { startNodeHost } from '../../src/hosts/node/server.ts';
import { ms, stats, table } from './lib.ts';

const ROUNDS = 30;
const TARGET_MS = 50;

const host = await startNodeHost({ port: 0, host: '127.0.0.1' });
try {
  const made = (await (await fetch(`${host.url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables"}' })).json()) as {
    key: string;
    credentials: { soapUsers: { username: string; password: string }[] };
  };
  const user = made.credentials.soapUsers[0] as { username: string; password: string };
  const url = `${host.url}/sim/${made.key}${SERVICE_PATH}`;
  const signed = (lines: readonly SimpleLine[], password = user.password) => soapRequest(createSimpleInvoiceXml(SAMPLE_HEADER, lines), securityHeader(user.username, password));
  const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ ...(SAMPLE_LINES[0] as SimpleLine), LineNumber: i + 1, Description: `Line ${i + 1}` }));
  const fill = (base: string, piece: string) => base.replace('</typ:invoiceHeaderInformation>', `${piece.repeat(Math.floor((MAX_BODY_BYTES - base.length) / piece.length))}</typ:invoiceHeaderInformation>`);
  const open = '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>';
  const close = '</soapenv:Body></soapenv:Envelope>';

  const cases: [string, string, number][] = [
    ['1 MiB of one-element lines (~15,800), signed', fill(signed(SAMPLE_LINES), '<inv:InvoiceLine><inv:Quantity>1</inv:Quantity></inv:InvoiceLine>'), 413],
    ['1,000 full lines (285 KB), wrong password', signed(lines(1000), 'wrong'), 413],
    [`${MAX_INVOICE_LINES + 1} full lines, signed`, signed(lines(MAX_INVOICE_LINES + 1)), 413],
    ['1 MiB of 6,001+ elements that are no lines', `${open}<x>${'<y/>'.repeat(Math.floor((MAX_BODY_BYTES - 200) / 4))}</x>${close}`, 400],
    ['1 MiB nested 100,000+ deep', `${open}${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}${close}`, 400],
    ['1 MiB of entity references without a DTD', `${open}<x>${'&a;'.repeat(Math.floor((MAX_BODY_BYTES - 200) / 3))}</x>${close}`, 400],
    ['body over 1 MiB (1.1 MB)', `${open}<x>${'y'.repeat(1_100_000)}</x>${close}`, 413],
    ['1 MiB of text in one line, wrong password', fill(signed(SAMPLE_LINES, 'wrong'), 'x'), 401],
  ];
  const rows: Record<string, string>[] = [];
  for (const [name, body, status] of cases) {
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS + 3; i++) {
      const t = performance.now();
      const res = await fetch(url, { method: 'POST', headers: SOAP_HEADERS, body });
      const text = await res.text();
      const took = performance.now() - t;
      if (res.status !== status) throw new Error(`${name}: ${res.status} ${text.slice(0, 200)}`);
      if (i >= 3) samples.push(took); // the first rounds compile code paths
    }
    const s = stats(samples);
    rows.push({ envelope: name, size: `${(new TextEncoder().encode(body).length / 1024).toFixed(0)} KB`, status: String(status), median: ms(s.median), p95: ms(s.p95), target: s.p95 < TARGET_MS ? 'met' : 'NOT met' });
  }
  table(`Hostile SOAP envelopes, Node host over HTTP, time to the whole fault (${ROUNDS} rounds; target < ${TARGET_MS} ms)`, rows);
  console.log('Envelopes over the limits are refused before parsing or authentication; a wrong password is refused by its SHA-256 fingerprint, without hashing it further.');
} finally {
  await host.close();
}
