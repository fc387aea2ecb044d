/**
 * The control API's bearer tokens (issue 19 § 1). Each kind starts with its own prefix, so a token
 * found in a script or a chat says what it opens; only SHA-256 hashes are kept (the generated
 * tokens carry 160 random bits, so a fast hash is enough, and a chosen one must be long).
 */
import { randomHex, sha256Hex } from '../core/crypto.ts';

export type TokenKind = 'admin' | 'owner' | 'class';

export const TOKEN_PREFIX: Record<TokenKind, string> = {
  admin: 'simadmin_',
  owner: 'simowner_',
  class: 'simclass_',
};

/** Characters after the prefix a chosen token may use (safe in a header, a shell and a URL). */
const TOKEN_BODY = /^[A-Za-z0-9._~-]+$/;
/** Shortest body a chosen token may have after its prefix. */
export const MIN_CHOSEN_LENGTH: Record<Exclude<TokenKind, 'owner'>, number> = { admin: 20, class: 8 };
export const MAX_TOKEN_LENGTH = 200;

/** A fresh token of `kind`: its prefix and 40 hex digits (160 random bits). */
export function newToken(kind: TokenKind): string {
  return `${TOKEN_PREFIX[kind]}${randomHex(20)}`;
}

/** What a token is stored as (never the token itself). */
export function hashToken(token: string): Promise<string> {
  return sha256Hex(token);
}

/** A control token in any text: its prefix says what it is, so no list of tokens is needed. */
const TOKEN_IN_TEXT = /\b(simadmin_|simowner_|simclass_)[A-Za-z0-9._~-]+/g;

/** `text` with every control token's body replaced (its prefix kept, so a reader sees which kind). */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_IN_TEXT, '$1[redacted]');
}

/** The kind a presented token claims by its prefix, or null. */
export function kindOf(token: string): TokenKind | null {
  for (const kind of ['admin', 'owner', 'class'] as const) if (token.startsWith(TOKEN_PREFIX[kind])) return kind;
  return null;
}

/**
 * Why a token given on the command line (`--admin-token`, `--class-code`) cannot be used, or null
 * when it can: it must carry its kind's prefix and enough characters after it.
 */
export function chosenTokenProblem(kind: 'admin' | 'class', value: string): string | null {
  const prefix = TOKEN_PREFIX[kind];
  const min = MIN_CHOSEN_LENGTH[kind];
  const example = `${prefix}${kind === 'admin' ? '$(openssl rand -hex 20)' : 'spring-2026'}`;
  if (!value.startsWith(prefix)) return `must start with ${prefix} (so the token says what it opens), e.g. ${example}`;
  const body = value.slice(prefix.length);
  if (body.length < min) return `needs at least ${min} characters after ${prefix}, e.g. ${example}`;
  if (value.length > MAX_TOKEN_LENGTH) return `must be at most ${MAX_TOKEN_LENGTH} characters`;
  if (!TOKEN_BODY.test(body)) return 'may use only letters, digits, dot, underscore, tilde and hyphen after its prefix';
  return null;
}
