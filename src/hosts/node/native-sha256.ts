/** The Node host's SHA-256 for the engine (EngineOptions.sha256Hex): node:crypto's, native and synchronous. */
import { createHash, hash } from 'node:crypto';

/** `crypto.hash` (Node 21.7+) is one call with no Hash object; older Nodes build one. */
export const nodeSha256Hex: (text: string) => string =
  typeof hash === 'function' ? (text) => hash('sha256', text, 'hex') : (text) => createHash('sha256').update(text, 'utf8').digest('hex');
