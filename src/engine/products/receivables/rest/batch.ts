/**
 * Batch actions, the real framework's convention beyond spec 000 (Oracle's "Perform Batch Actions"):
 * POST to the version root with Content-Type application/vnd.oracle.adf.batch+json and
 * {"parts": [{id, path, operation, payload?}]}. Parts run in order, each as the request it stands for
 * (the caller's token, privileges, validation, Upsert-Mode and REST-Framework-Version of the batch),
 * inside ONE storage transaction: a part that fails rolls every part back, and the answer lists only
 * that part with its error (Oracle: "all-or-none"; parts without errors are not listed).
 * A part carries no headers of its own (Oracle's part schema has none): Upsert-Mode is the batch
 * request's header, for every create part, or one part's operation "upsert" (Oracle's Visual Builder
 * Add-in for Excel, "Upload Changes Using Upsert Mode", sends that per batch part).
 */
import { textResponse } from '../../../core/http.ts';
import type { EnvContext, ProductApp, WriteTx } from '../../../core/types.ts';
import { parseJsonText } from './body.ts';
import { FW, RestError } from './errors.ts';
import { CRM_BASE, FSCM_BASE } from './links.ts';
import type { RestContext } from './types.ts';

export const BATCH_MEDIA = 'application/vnd.oracle.adf.batch+json';

/** Oracle's operations and the method each one is; `upsert` is a create with Upsert-Mode: true. */
const OPERATIONS: Readonly<Record<string, string>> = { get: 'GET', create: 'POST', upsert: 'POST', update: 'PATCH', replace: 'PUT', delete: 'DELETE' };
const OPERATION_LIST = 'get, create, upsert, update, replace, delete';

/** A part field that stands for a header: a part has none, so it is refused rather than silently ignored. */
const isHeaderField = (key: string) => key === 'headers' || key.toLowerCase().replace(/[-_]/g, '') === 'upsertmode';

/** Headers of the batch request that every part carries, as the same request alone would. */
const CARRIED = ['authorization', 'upsert-mode', 'rest-framework-version', 'accept'];

interface Part {
  id: string;
  path: string;
  operation: string;
  payload?: unknown;
  ifMatch?: string;
  ifNoneMatch?: string;
}

type PartAnswer = Record<string, unknown>;

/** A part that failed: thrown out of the transaction so that nothing of the batch is stored. */
class PartFailed extends Error {
  constructor(
    readonly status: number,
    readonly part: PartAnswer,
    readonly error: Record<string, unknown> | null,
  ) {
    super(`batch part ${String(part.id)} failed with ${status}`);
  }
}

const invalid = (detail: string, path = 'parts') => new RestError(400, FW.INVALID_BATCH, detail, { path });

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The parts as sent, each checked for what the batch needs to run it (400 for the whole batch otherwise). */
function partsOf(body: unknown): Part[] {
  if (!isObject(body) || !Array.isArray(body.parts)) throw invalid('A batch body is a JSON object whose "parts" is an array of parts {id, path, operation, payload}.');
  const seen = new Set<string>();
  return body.parts.map((raw, i) => {
    if (!isObject(raw)) throw invalid(`Part ${i + 1} is not an object.`);
    const { id, path, operation, payload, ifMatch, ifNoneMatch } = raw;
    if (typeof id !== 'string' || id === '') throw invalid(`Part ${i + 1} needs an "id" (a string the answer names it by).`, 'id');
    if (seen.has(id)) throw invalid(`Part id '${id}' is used twice; each part needs its own id.`, 'id');
    seen.add(id);
    if (typeof operation !== 'string' || !OPERATIONS[operation]) throw invalid(`Part '${id}' has operation ${JSON.stringify(operation ?? null)}; it must be one of ${OPERATION_LIST}.`, 'operation');
    const header = Object.keys(raw).find(isHeaderField);
    if (header !== undefined) {
      throw invalid(`Part '${id}' has a "${header}" field, but a batch part carries no headers: send Upsert-Mode as a header of the batch request (it applies to every create part), or give this part the operation "upsert".`, header);
    }
    if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) throw invalid(`Part '${id}' needs a "path" relative to the version root, starting with "/" (e.g. /receivablesInvoices).`, 'path');
    for (const [name, v] of [['ifMatch', ifMatch], ['ifNoneMatch', ifNoneMatch]] as const) {
      if (v !== undefined && typeof v !== 'string') throw invalid(`Part '${id}': ${name} must be an entity tag string.`, name);
    }
    return { id, path, operation, payload, ...(typeof ifMatch === 'string' ? { ifMatch } : {}), ...(typeof ifNoneMatch === 'string' ? { ifNoneMatch } : {}) };
  });
}

async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  const text = await res.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Run one part through the product router as the request it stands for, over the batch's transaction. */
async function runPart(app: ProductApp, c: RestContext, root: string, tx: WriteTx, part: Part): Promise<PartAnswer> {
  const method = OPERATIONS[part.operation] as string;
  const headers = new Headers();
  for (const name of CARRIED) {
    const v = c.req.header(name);
    if (v !== undefined) headers.set(name, v);
  }
  if (part.ifMatch !== undefined) headers.set('if-match', part.ifMatch);
  if (part.ifNoneMatch !== undefined) headers.set('if-none-match', part.ifNoneMatch);
  // The part's own operation says upsert, whatever the batch request's header says.
  if (part.operation === 'upsert') headers.set('upsert-mode', 'true');
  const hasBody = method !== 'GET' && method !== 'DELETE' && part.payload !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  const url = new URL(c.req.url);
  const here = url.pathname.replace(/\/$/, '');
  const target = new URL(`${url.origin}${here}${part.path}`);
  // Dot segments are resolved by URL: a part may not climb out of the version root.
  if (!target.pathname.startsWith(`${here}/`)) throw invalid(`Part '${part.id}' has a path outside the version root.`, 'path');
  const env: EnvContext = {
    ...c.env,
    path: `${root}${target.pathname.slice(here.length)}`,
    data: tx,
    // The part's own write joins the batch's transaction: committed with every other part, or not at all.
    write: async (fn) => fn(tx),
  };
  const res = await app.fetch(new Request(target, { method, headers, body: hasBody ? JSON.stringify(part.payload) : undefined }), env);
  const answer: PartAnswer = { id: part.id, path: part.path, operation: part.operation };
  if (part.ifMatch !== undefined || part.ifNoneMatch !== undefined) answer.preconditionSucceeded = res.status !== 304 && res.status !== 412;
  const body = await jsonOf(res);
  if (res.status >= 400) throw new PartFailed(res.status, answer, body);
  if (body) answer.payload = body;
  return answer;
}

async function handleBatch(app: ProductApp, c: RestContext, root: string): Promise<Response> {
  const parts = partsOf(parseJsonText(await c.req.text()));
  try {
    const answers = await c.env.write(async (tx) => {
      const out: PartAnswer[] = [];
      for (const part of parts) out.push(await runPart(app, c, root, tx, part));
      return out;
    });
    return textResponse(JSON.stringify({ parts: answers }), { status: 200, headers: { 'content-type': `${BATCH_MEDIA}; charset=utf-8` } });
  } catch (err) {
    if (!(err instanceof PartFailed)) throw err;
    // Only the failing part is listed, its error as its payload; the framework's error fields around
    // it name the batch refusal, so a client (and the journal) reads one code either way.
    const code = typeof err.error?.['o:errorCode'] === 'string' ? (err.error['o:errorCode'] as string) : String(err.status);
    const detail = typeof err.error?.detail === 'string' ? (err.error.detail as string) : `The part answered ${err.status}.`;
    const refusal = new RestError(err.status, FW.BATCH_PART_FAILED, `Batch part '${String(err.part.id)}' (${String(err.part.operation)} ${String(err.part.path)}) failed, so no part of the batch was applied: ${detail}`, {
      path: String(err.part.id),
      details: [{ detail, code, path: String(err.part.id) }],
    });
    const body = { ...refusal.body(), parts: [{ ...err.part, payload: err.error }] };
    return textResponse(JSON.stringify(body), { status: err.status, headers: { 'content-type': `${BATCH_MEDIA}; charset=utf-8` } });
  }
}

/**
 * POST {rest_base} (and the CRM root) with the batch media type runs a batch; any other POST there
 * stays what it was (no such resource), so clients without batches see no change.
 */
export function registerBatch(app: ProductApp): void {
  for (const root of [FSCM_BASE, CRM_BASE]) {
    for (const path of [root, `${root}/`]) {
      app.post(path, async (c, next) => {
        const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== BATCH_MEDIA) return next();
        return handleBatch(app, c, root);
      });
    }
  }
}
