/**
 * The error code an answer carries, read from its body as the client sees it: the REST framework's
 * o:errorCode, an OAuth error, a problem document's code, the OData envelope's code, a SOAP
 * faultcode (with the ServiceErrorMessage code when there is one). Also the detail text, which an
 * explanation may quote.
 */
export interface AnswerCode {
  code?: string;
  /** The answer's own words (detail, error_description, OData message, faultstring). */
  detail?: string;
  /** Attribute or option the answer names (o:errorPath, OData target). */
  target?: string;
  /** A more specific code inside (a SOAP fault's ServiceErrorMessage code, o:errorDetails' codes). */
  inner?: string[];
}

const obj = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export function answerCode(body: string): AnswerCode {
  const text = body.trimStart();
  if (text.startsWith('{')) {
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = obj(JSON.parse(text));
    } catch {
      return {};
    }
    if (!parsed) return {};
    if (str(parsed['o:errorCode'])) {
      const inner = (Array.isArray(parsed['o:errorDetails']) ? parsed['o:errorDetails'] : []).map((d) => str(obj(d)?.['o:errorCode'])).filter((c): c is string => !!c);
      return { code: str(parsed['o:errorCode']), detail: str(parsed['detail']), target: str(parsed['o:errorPath']), inner };
    }
    const envelope = obj(parsed['error']);
    if (envelope) return { code: str(envelope['code']), detail: str(envelope['message']), target: str(envelope['target']) };
    if (str(parsed['error'])) return { code: str(parsed['error']), detail: str(parsed['error_description']) };
    if (str(parsed['code'])) return { code: str(parsed['code']), detail: str(parsed['detail']) ?? str(parsed['error']) };
    // A form refusal (spec 001 InterfaceErrors document): no code, its text is the message after the row counter.
    const refusal = str(obj(obj(parsed['FORM'])?.['InterfaceErrors'])?.['text']);
    if (refusal) return { detail: refusal.replace(/^Line \d+-\s*/, '') };
    return {};
  }
  if (text.startsWith('<')) {
    const fault = /<(?:[\w.-]+:)?faultcode>\s*([^<\s]+)\s*</.exec(text)?.[1];
    if (!fault) return {};
    const inner = /<(?:[\w.-]+:)?code>\s*([^<\s]+)\s*</.exec(text)?.[1];
    const faultstring = /<(?:[\w.-]+:)?faultstring>([\s\S]*?)</.exec(text)?.[1];
    return { code: fault, detail: faultstring ? unescapeXml(faultstring) : undefined, inner: inner ? [inner] : [] };
  }
  return {};
}

function unescapeXml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}
