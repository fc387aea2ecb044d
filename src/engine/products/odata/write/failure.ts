/**
 * A write that must stop with a ready response (InterfaceErrors, 409, ...). Thrown inside
 * `c.env.write` it also rolls the whole write back (spec 001 write rule 8: nested creates are atomic).
 */
import { json } from '../../../core/http.ts';
import { interfaceErrorsBody, odataError } from '../errors/envelope.ts';

export class WriteFailure extends Error {
  constructor(readonly response: Response) {
    super(`write refused with ${response.status}`);
  }
}

/** Form refusal: 400 InterfaceErrors document naming the form (spec 001 § Errors). */
export function formRefusal(form: string, message: string): WriteFailure {
  return new WriteFailure(json(interfaceErrorsBody(form, message), 400));
}

/** 409 when the key of a new row is taken. */
export function conflict(message: string): WriteFailure {
  return new WriteFailure(odataError(409, message));
}
