/**
 * How the console and the journal tell OData catalog entries apart (journal/catalog-match.ts). An
 * OData answer's code is its status, so an entry is known by its message; where the message is not
 * the entry's title (`message`), or several entries answer alike (an empty 404, the syntax error
 * behind `in` and a trailing comma, one message on a write and on a $batch), by the request that got
 * it (`request`, over `METHOD path`, the path relative to the environment base, tried as sent and
 * decoded; case-sensitive as the spec's paths are, unless it starts with `(?i)`). Data, not code: each
 * pattern is the spec's own description of the refusal.
 */
import type { ErrorEntry } from '../../../core/types.ts';

const ROOT = '/odata/Priority/tabula\\.ini/demo';
const SET_PATH = `^\\S+ ${ROOT}/`;

export const TELL_APART: Record<string, Pick<ErrorEntry, 'message' | 'request'>> = {
  // ---- the empty answers: only the request says which --------------------------------------
  'OD-404-OUTSIDE': { request: '^\\S+ (?!/odata(?:[/?]|$))' },
  'OD-404-ROOT': { request: `^\\S+ /odata(?:[/?]|$)(?!Priority/tabula\\.ini/demo(?:[/?]|$))` },
  'OD-501-METHOD': { request: '^(?!(?:GET|POST|PATCH|PUT|DELETE|HEAD|OPTIONS) )\\S+ ' },
  'OD-404-DUPOPT': { request: '(?i)[?&](\\$[a-z]+)=[^&]*&(?:[^#]*&)?\\1=' },
  'OD-404-KEY': { request: `${SET_PATH}[A-Z_]+\\([^')=,]+\\)` },
  'OD-404-PARTIALKEY': { request: `^(?!\\S+ [^?]*AINVOICES\\((?=[^)]*IVNUM=)(?=[^)]*DEBIT=)(?=[^)]*IVTYPE=))\\S+ [^?]*AINVOICES\\([^)]*=[^)]*\\)` },
  'OD-404-SUBITEM': { request: '^GET [^?]*_SUBFORM\\(' },
  'OD-404-PROPPATH': { request: `${SET_PATH}[^?]*\\)/(?![A-Z_]*_SUBFORM)[A-Za-z_]+(?:\\?|$)` },
  'OD-404-CASE': { request: `${SET_PATH}[a-z]` },
  'OD-404-HEAD': { request: '^(?:HEAD|OPTIONS) ' },
  'OD-404-ENCODED': { request: '^\\S+ [^?]*%[0-9A-Fa-f]{2}' },
  'OD-404-FUNCFORM': { request: "GetMetadataFor\\((?!entity=')" },
  'OD-404-PUT': { request: '^PUT ' },
  'write.contactDelete': { request: '^DELETE [^?]*_SUBFORM\\(' },
  // ---- one message, several causes ----------------------------------------------------------
  'OD-400-IN': { request: '\\$filter=[^&]*\\sin\\s*\\(', message: '^Syntax error at position' },
  'OD-400-ORDERBYCOMMA': { request: '\\$orderby=[^&]*,\\s*(?:&|$)', message: '^Syntax error at position' },
  'OD-400-EXPANDUNKNOWN': { request: '[?&]\\$expand=', message: '^Could not find a property named' },
  'OD-400-EXPANDCOMMA': { request: '\\$expand=[^&]*\\([^)]*\\$top=[^;)]*,', message: "^Invalid value '.*' for \\$top" },
  'OD-400-PUTMISSING': { request: '^PUT ', message: '^A record with the specified key was not found' },
  'write.recordNotFound': { request: '^(?:PATCH|DELETE) ' },
  'batch.bodyEmpty': { request: '/\\$batch' },
  'batch.missingContentType': { request: '/\\$batch', message: "content type 'text/plain|must have a \"Content-Type\" header" },
  'batch.mime': { request: '/\\$batch', message: "^A supported MIME type could not be found .* content type '(?!text/plain)" },
  // ---- a message that is not the entry's title ----------------------------------------------
  'OD-400-FILTERNAV': { message: 'cannot be used as an operand in \\$filter' },
  'OD-400-UNTERMINATED': { message: 'unterminated string literal' },
  'OD-400-SELECTNAV': { message: 'cannot be used in \\$select' },
  'OD-400-EXPANDPROP': { message: 'is not a navigation property or complex property' },
  'OD-400-EXPANDNESTED': { message: '^Nested \\$expand' },
  'OD-400-READONLY': { message: '^API permission denied' },
  'write.reference': { message: 'in column Cust\\. Reference does not exist' },
  'write.customerStatus': { message: 'in column Status does not exist in the Customer Statuses' },
};

/** The catalog's entries with what tells each apart. */
export function withTellApart(entries: ErrorEntry[]): ErrorEntry[] {
  return entries.map((e) => (TELL_APART[e.code] ? { ...e, ...TELL_APART[e.code] } : e));
}
