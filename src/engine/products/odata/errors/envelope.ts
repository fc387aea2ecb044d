/** Error bodies of the OData service (spec 001 § Errors). */
import { empty, json } from '../../../core/http.ts';

export interface ODataErrorBody {
  error: {
    code: string;
    message: string;
    target: string | null;
    details: { code: string; message: string; target: string | null }[];
    innererror: Record<string, unknown> | null;
  };
}

/**
 * The OData error envelope. `code` is the HTTP status as text (the emulated service carries no
 * finer code); `target` names the offending option or property when there is one.
 */
export function errorEnvelope(
  status: number,
  message: string,
  opts: { target?: string | null; innererror?: Record<string, unknown> | null; code?: string } = {},
): ODataErrorBody {
  return {
    error: {
      code: opts.code ?? String(status),
      message,
      target: opts.target ?? null,
      details: [],
      innererror: opts.innererror ?? null,
    },
  };
}

export function odataError(
  status: number,
  message: string,
  opts: { target?: string | null; innererror?: Record<string, unknown> | null; code?: string } = {},
): Response {
  return json(errorEnvelope(status, message, opts), status);
}

/** The bare 404: no body at all (spec 001 § Errors, bare-404 family). */
export function bare404(): Response {
  return empty(404);
}

/**
 * InterfaceErrors document: a form refusal in the instance language, each message prefixed with
 * the row counter of the form row ("Line 1- ..."). Several messages give an array of texts.
 */
export function interfaceErrorsBody(form: string, messages: string | readonly string[], line = 1): unknown {
  const list = typeof messages === 'string' ? [messages] : [...messages];
  const texts = list.map((m) => `Line ${line}- ${m}`);
  return {
    '?xml': { '@version': '1.0', '@encoding': 'utf-8', '@standalone': 'yes' },
    FORM: { '@TYPE': form, InterfaceErrors: { '@XmlFormat': '0', text: texts.length === 1 ? texts[0] : texts } },
  };
}

export function interfaceErrors(form: string, messages: string | readonly string[], status = 400, line = 1): Response {
  return json(interfaceErrorsBody(form, messages, line), status);
}

/** Thrown by parsers and handlers; turned into an envelope (or bare 404) at the route boundary. */
export class ODataError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly target: string | null = null,
    readonly innererror: Record<string, unknown> | null = null,
  ) {
    super(message);
  }

  toResponse(): Response {
    return odataError(this.status, this.message, { target: this.target, innererror: this.innererror });
  }
}

/** Thrown where the answer is the bare 404 (malformed key, duplicated option, ...). */
export class BareNotFound extends Error {
  constructor(readonly reason = 'bare 404') {
    super(reason);
  }
}

/** Run `fn`, turning the thrown ODataError / BareNotFound into their responses. */
export async function answering(fn: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ODataError) return err.toResponse();
    if (err instanceof BareNotFound) return bare404();
    throw err;
  }
}
