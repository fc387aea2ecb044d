/**
 * Injected answers in the real product's body style (issue 12 § 2), each marked with
 * `X-Sim-Injected: <rule id>` and saying in words that the simulator injected it: REST 500 has no
 * body (as the real framework's), REST 429/503 the framework's error body; OAuth an RFC 6749 error;
 * OData the error envelope; SOAP an env:Server fault with a ServiceErrorMessage.
 */
import { serviceErrorMessage, soapFaultResponse } from '../core/soap.ts';
import type { JournalService } from '../journal/types.ts';
import { reasonPhrase } from '../core/http.ts';
import { INJECTED_HEADER, RETRYABLE_STATUSES as RETRYABLE, type FaultRule } from './types.ts';


/** The code an injected answer carries (o:errorCode, ServiceErrorMessage code). */
export const injectedCode = (status: number) => `SIM-FAULT-${status}`;

export function injectedAnswer(rule: FaultRule, service: JournalService): Response {
  if (rule.body !== undefined) return fixedAnswer(rule);
  return injectedStatus(rule.status ?? 503, service, { mark: rule.id, by: `fault rule ${rule.id}`, retryAfter: rule.retryAfter, after: rule.when === 'after' });
}

/** A status rule's own fixed body, as given: its status and X-Sim-Injected, nothing of the product's styling. */
function fixedAnswer(rule: FaultRule): Response {
  const text = typeof rule.body === 'string' ? rule.body : JSON.stringify(rule.body);
  const type = rule.contentType ?? (typeof rule.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  const headers: Record<string, string> = { [INJECTED_HEADER]: rule.id, 'content-type': type };
  if (rule.retryAfter !== undefined) headers['retry-after'] = String(rule.retryAfter);
  return new Response(text, { status: rule.status ?? 503, headers });
}

/** Who injected an answer and how: `mark` goes into X-Sim-Injected, `by` into the message. */
export interface InjectedBy {
  mark: string;
  by: string;
  retryAfter?: number;
  /** The real handling ran first (its writes stay). */
  after?: boolean;
}

/** An injected 4xx or 5xx in the service's own body style (fault rules and drills alike). */
export function injectedStatus(status: number, service: JournalService, how: InjectedBy): Response {
  const headers: Record<string, string> = { [INJECTED_HEADER]: how.mark };
  if (how.retryAfter !== undefined) headers['retry-after'] = String(how.retryAfter);
  const message = `${reasonPhrase(status)}: injected by the simulator's ${how.by}${how.after ? ' after the request was carried out' : ''}; not spec behaviour.${RETRYABLE.has(status) ? ' Retry later.' : ''}`;
  const json = (body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
  switch (service) {
    case 'rest':
      if (status === 500) return new Response(null, { status, headers });
      return json({
        title: reasonPhrase(status),
        status: String(status),
        detail: message,
        'o:errorCode': injectedCode(status),
        'o:errorPath': null,
        'o:errorDetails': [{ detail: message, 'o:errorCode': injectedCode(status), 'o:errorPath': null }],
      });
    case 'oauth':
      return json({ error: status === 401 ? 'invalid_client' : status < 500 && status !== 429 ? 'invalid_request' : RETRYABLE.has(status) ? 'temporarily_unavailable' : 'server_error', error_description: message });
    case 'odata':
    case 'batch':
      return json({ error: { code: String(status), message, target: null, details: [], innererror: null } });
    case 'soap': {
      const detail = serviceErrorMessage({ code: injectedCode(status), message, severity: 'SEVERITY_ERROR' });
      return soapFaultResponse(status, status < 500 ? 'env:Client' : 'env:Server', message, detail, headers);    }
  }
}
