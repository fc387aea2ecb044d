/**
 * REST error bodies in the real framework's detailed form:
 * {title, status ("400"), detail, o:errorCode, o:errorPath, o:errorDetails: [{detail, o:errorCode, o:errorPath}]}.
 * Throw a RestError anywhere under a receivables route (also inside c.env.write, which then rolls back);
 * the product's error handler turns it into the response.
 */
import { reasonPhrase, textResponse } from '../../../core/http.ts';
import { MEDIA, pickMediaType } from './media.ts';

/** Codes the framework itself raises where the spec gives no code (documented in docs/reference/receivables.md). */
export const FW = {
  /** 400 invalid q expression (syntax, unknown or non-queryable attribute, BETWEEN, IS NULL, grouping). */
  INVALID_QUERY: 'SIM-REST-4001',
  /** 400 invalid orderBy. */
  INVALID_ORDER_BY: 'SIM-REST-4002',
  /** 400 unknown finder, or finder variable not accepted. */
  INVALID_FINDER: 'SIM-REST-4003',
  /** 400 unknown child accessor in expand. */
  INVALID_EXPAND: 'SIM-REST-4004',
  /** 400 unknown attribute in fields. */
  INVALID_FIELDS: 'SIM-REST-4005',
  /** 400 invalid value of onlyData / totalResults (must be true or false). */
  INVALID_PARAMETER_VALUE: 'SIM-REST-4006',
  /** 400 unknown attribute in a request body. */
  UNKNOWN_ATTRIBUTE: 'SIM-REST-4007',
  /** 400 read-only attribute in a request body. */
  READ_ONLY_ATTRIBUTE: 'SIM-REST-4008',
  /** 400 attribute of the wrong JSON type, bad date, or value not allowed. */
  INVALID_ATTRIBUTE_VALUE: 'SIM-REST-4009',
  /** 400 string longer than the field table allows. */
  VALUE_TOO_LONG: 'SIM-REST-4010',
  /** 400 amount with more than 4 decimals. */
  TOO_MANY_DECIMALS: 'SIM-REST-4011',
  /** 400 body is JSON but not an object. */
  BODY_NOT_OBJECT: 'SIM-REST-4012',
  /** 400 amount or quantity outside the range a JSON number carries exactly (values.ts MAX_AMOUNT). */
  NUMBER_OUT_OF_RANGE: 'SIM-REST-4013',
  /** 400 a body beyond the simulator's structural bounds (core/json-bounds.ts: depth, attributes of one object). */
  BODY_OUT_OF_BOUNDS: 'SIM-REST-4014',
  /** 400 a REST-Framework-Version other than 1 to 9 (the real framework's header, beyond the spec). */
  INVALID_FRAMEWORK_VERSION: 'SIM-REST-4015',
  /** 400 a batch (application/vnd.oracle.adf.batch+json) that is not a list of parts, or a part the batch cannot run. */
  INVALID_BATCH: 'SIM-REST-4016',
  /** A batch part that failed: the whole batch is rolled back; the answer lists that part with its error. */
  BATCH_PART_FAILED: 'SIM-REST-4017',
  /** 404 resource path that does not exist. */
  NO_SUCH_RESOURCE: 'SIM-REST-4040',
  /** 404 item missing where the spec names no code (e.g. an installment not on the invoice). */
  NO_SUCH_ITEM: 'SIM-REST-4041',
  /** 405 method not offered on the resource. */
  METHOD_NOT_ALLOWED: 'SIM-REST-4050',
  /** 415 a body that is not JSON by content type. */
  UNSUPPORTED_MEDIA_TYPE: 'SIM-REST-4150',
  /** 304 (no body) a GET with If-None-Match naming the item's current ETag (the real framework's convention). */
  NOT_MODIFIED: 'SIM-REST-3040',
  /** 412 a PATCH or DELETE with If-Match naming a stale ETag (the real framework's convention). */
  PRECONDITION_FAILED: 'SIM-REST-4120',
} as const;

/** Spec codes used by the framework. */
export const REST_CODES = {
  INVALID_JSON: 'REST-01007',
  BAD_PARAM: 'REST-01002',
  ITEM_PARAM: 'REST-01003',
  BAD_ID: 'REST-01400',
  UNAUTHENTICATED: 'REST-01401',
  CONTACT_NOT_FOUND: 'REST-01404',
} as const;

export interface ErrorDetail {
  detail: string;
  code?: string;
  /** Attribute or parameter the detail is about. */
  path?: string;
}

export interface RestErrorInit {
  /** o:errorPath of the top-level error (defaults to the first detail's path). */
  path?: string;
  /** One entry per offending attribute; defaults to one entry repeating the top-level error. */
  details?: ErrorDetail[];
  title?: string;
  headers?: Record<string, string>;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly init: RestErrorInit = {},
  ) {
    super(`${status} ${code}: ${detail}`);
  }

  body(): Record<string, unknown> {
    const details = this.init.details?.length ? this.init.details : [{ detail: this.detail, code: this.code, path: this.init.path }];
    const path = this.init.path ?? details[0]?.path ?? null;
    return {
      title: this.init.title ?? reasonPhrase(this.status) ?? 'Error',
      status: String(this.status),
      detail: this.detail,
      'o:errorCode': this.code,
      'o:errorPath': path,
      'o:errorDetails': details.map((d) => ({
        detail: d.detail,
        'o:errorCode': d.code ?? this.code,
        'o:errorPath': d.path ?? null,
      })),
    };
  }

  /** The response; `accept` (the request's Accept header) selects the vendor error media type when asked for. */
  toResponse(accept?: string | null): Response {
    return textResponse(JSON.stringify(this.body()), { status: this.status, headers: { 'content-type': pickMediaType(accept, MEDIA.error), ...(this.init.headers ?? {}) } });
  }
}

/** Build (not throw) a RestError; `throw restError(...)` reads well at call sites. */
export function restError(status: number, code: string, detail: string, init?: RestErrorInit): RestError {
  return new RestError(status, code, detail, init);
}

/** Plain 404 for a path that names no resource (also the completion action and every unlisted path). */
export function noSuchResource(path: string): RestError {
  return new RestError(404, FW.NO_SUCH_RESOURCE, `The requested resource ${path} does not exist.`);
}

/** 405 naming the operation that is not offered. */
export function methodNotAllowed(method: string, resource: string, allow: string[] = ['GET']): RestError {
  const op = { POST: 'create', PATCH: 'update', PUT: 'replace', DELETE: 'delete' }[method.toUpperCase()] ?? method.toUpperCase();
  return new RestError(
    405,
    FW.METHOD_NOT_ALLOWED,
    `The ${op} operation (${method.toUpperCase()}) is not allowed on ${resource}.`,
    { headers: { allow: allow.join(', ') } },
  );
}
