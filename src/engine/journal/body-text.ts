/**
 * Read a copy of a body as text, stopping after `maxChars` characters (a 10k-row collection is not
 * read whole to keep 4 KB of it). The copy is a clone: the original streams to the client untouched.
 */
export async function bodyPrefix(copy: Request | Response, maxChars: number): Promise<{ text: string; cut: boolean }> {
  const stream = copy.body;
  if (!stream) return { text: '', cut: false };
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > maxChars) {
        // Not awaited: cancelling one branch of a clone settles only once the other branch (the
        // client's) is read or cancelled too, and the entry must not wait for the client.
        reader.cancel().catch(() => undefined);
        return { text, cut: true };
      }
    }
    return { text: text + decoder.decode(), cut: false };
  } catch {
    return { text, cut: text !== '' };
  }
}
