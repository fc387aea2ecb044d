/**
 * An answer the console just received, explained as the journal would explain it (issue 24 § 1.5):
 * its catalog entry (catalog-match.ts), why (an injected fault or latency, the answer's own words),
 * the near-miss hint, and for an OData $batch each operation inside it. Pure: the console calls it
 * with the exchange it holds and the product's catalog, so nothing waits for the journal to flush.
 */
import type { ErrorEntry, ProductCatalog, ProductId } from '../core/types.ts';
import { INJECTED_HEADER } from '../faults/types.ts';
import { ODATA_ROOT } from '../products/odata/config.ts';
import { innerDrafts } from './batch.ts';
import { matchCatalog, type CatalogMatch } from './catalog-match.ts';
import { answerCode } from './codes.ts';
import { explain } from './explain.ts';
import { nearMiss } from './hints.ts';
import { serviceOf } from './service.ts';
import type { JournalEntry, JournalExplanation } from './types.ts';

export interface ConsoleExchange {
  product: ProductId;
  method: string;
  /** Relative to the environment base, query included. */
  path: string;
  /** The environment base URL (an OData $batch resolves its operations' URLs against it). */
  baseUrl: string;
  status: number;
  headers: [string, string][];
  body: string;
  requestBody?: string;
}

/** One operation of a $batch, as its answer explains it. */
export interface PartNote {
  /** The operation's position (1-based) and its id in the batch. */
  index: number;
  method: string;
  path: string;
  status: number;
  code?: string;
  entry?: ErrorEntry;
  sentence?: string;
  hint?: string;
}

export interface AnswerNotes {
  match: CatalogMatch | null;
  explanation?: JournalExplanation;
  hint?: string;
  /** The fault rule that decided or delayed the answer. */
  injected?: string;
  parts?: PartNote[];
}

type Draft = Omit<JournalEntry, 'id'>;

function draftOf(x: ConsoleExchange): Draft {
  const headers: Record<string, string> = {};
  for (const [k, v] of x.headers) headers[k.toLowerCase()] = v;
  const code = x.status >= 400 ? answerCode(x.body).code : undefined;
  const injected = headers[INJECTED_HEADER.toLowerCase()];
  return {
    at: '',
    product: x.product,
    service: serviceOf(x.product, x.path.split('?')[0] || '/'),
    method: x.method.toUpperCase(),
    path: x.path,
    status: x.status,
    ms: 0,
    ...(code ? { code } : {}),
    ...(injected ? { injected } : {}),
    request: { headers: {}, ...(x.requestBody ? { body: x.requestBody } : {}) },
    response: { headers, body: x.body },
  };
}

const asEntry = (d: Draft): JournalEntry => ({ id: 0, ...d });

export function explainAnswer(catalog: ProductCatalog, x: ConsoleExchange, reproduced?: string): AnswerNotes {
  const draft = draftOf(x);
  const entry = asEntry(draft);
  const match = matchCatalog(catalog.errors, { status: x.status, body: x.body, method: draft.method, path: x.path }, reproduced);
  const explanation = explain(catalog.errors, entry);
  const hint = nearMiss(catalog, entry);
  const notes: AnswerNotes = { match, ...(explanation ? { explanation } : {}), ...(hint ? { hint } : {}), ...(draft.injected ? { injected: draft.injected } : {}) };
  if (draft.service === 'batch' && x.status === 200 && x.requestBody) {
    const parts = innerDrafts(draft, x.requestBody, x.body, `${x.baseUrl}${ODATA_ROOT}`);
    if (parts.length) {
      notes.parts = parts.map((p, i) => {
        const inner = asEntry(p);
        const m = p.status >= 400 ? matchCatalog(catalog.errors, { status: p.status, body: p.response.body ?? '', method: p.method, path: p.path }) : null;
        const why = explain(catalog.errors, inner);
        const near = nearMiss(catalog, inner);
        return {
          index: i + 1,
          method: p.method,
          path: p.path,
          status: p.status,
          ...(p.code ? { code: p.code } : {}),
          ...(m && m.entries.length === 1 && !m.sharedCode ? { entry: m.entries[0] } : {}),
          ...(why ? { sentence: why.sentence } : {}),
          ...(near ? { hint: near } : {}),
        };
      });
    }
  }
  return notes;
}
