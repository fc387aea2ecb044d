import type { ReadOnceRequest } from '../core/read-once.ts';

/**
 * Read a copy of a body as text, stopping after `maxChars` characters (a 10k-row collection is not
 * read whole to keep 4 KB of it). The copy is a clone: the original streams to the client untouched.
 */

/**
 * How long a body may take to arrive once the answer is given. A request body nobody else reads
 * (an injected answer came first) arrives only as fast as the client sends it; the entry keeps what
 * came by then, marked cut, rather than hold up readers of the journal (verify waits for entries).
 */
export const BODY_WAIT_MS = 2000;

export async function bodyPrefix(copy: Request | Response, maxChars: number, waitMs = BODY_WAIT_MS): Promise<{ text: string; cut: boolean }> {
  const stream = copy.body;
  if (!stream) return { text: '', cut: false };
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), waitMs)));
  // Not awaited: cancelling one branch of a clone settles only once the other branch (the
  // client's) is read or cancelled too, and the entry must not wait for the client.
  const stop = () => void reader.cancel().catch(() => undefined);
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') {
        stop();
        return { text, cut: true };
      }
      if (next.done) break;
      text += decoder.decode(next.value, { stream: true });
      if (text.length > maxChars) {
        stop();
        return { text, cut: true };
      }
    }
    return { text: text + decoder.decode(), cut: false };
  } catch {
    return { text, cut: text !== '' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `bodyPrefix` of a body already in memory: the text whole when it has at most `maxChars`
 * characters, else a prefix longer than `maxChars`, marked cut (only the start of a large body is
 * decoded: a character takes at most three bytes per UTF-16 unit).
 */
export function bytesPrefix(bytes: Uint8Array, maxChars: number): { text: string; cut: boolean } {
  const room = 3 * (maxChars + 2);
  if (bytes.byteLength <= room) {
    const text = new TextDecoder().decode(bytes);
    return { text, cut: text.length > maxChars };
  }
  // Most bodies are ASCII: maxChars + 2 bytes make a prefix long enough, and decoding three times
  // that (a large page's first 24 KB) only to keep 4 KB made garbage on every read.
  const short = new TextDecoder().decode(bytes.subarray(0, maxChars + 2), { stream: true });
  if (short.length > maxChars) return { text: short, cut: true };
  return { text: new TextDecoder().decode(bytes.subarray(0, room), { stream: true }), cut: true };
}

/** `bytesPrefix` of a body known as text: whole up to `maxChars`, else a prefix as long as bytesPrefix may give, marked cut. */
export function textPrefix(text: string, maxChars: number): { text: string; cut: boolean } {
  return text.length <= maxChars ? { text, cut: false } : { text: text.slice(0, 3 * (maxChars + 2)), cut: true };
}

/**
 * `bodyPrefix` of a request whose body is read once for every reader: its bytes, waiting for them
 * no longer than `waitMs` when nobody else has read them (an answer that came first).
 */
export async function readOncePrefix(req: ReadOnceRequest, maxChars: number, waitMs = BODY_WAIT_MS): Promise<{ text: string; cut: boolean }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), waitMs)));
  try {
    const bytes = await Promise.race([req.bytes(), late]);
    return bytes === 'late' ? { text: '', cut: true } : bytesPrefix(bytes, maxChars);
  } catch {
    return { text: '', cut: false };
  } finally {
    clearTimeout(timer);
  }
}
