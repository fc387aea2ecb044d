/**
 * A random id for a history or saved entry. crypto.randomUUID exists only in secure contexts, and a
 * class's shared host is reached over plain http by its LAN address (issue 20); getRandomValues works
 * everywhere.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
