/// <reference types="vite/client" />
/// <reference types="svelte" />
/** Monaco's JSON language contribution registers itself; it has no type declarations. */
declare module 'monaco-editor/language/json/monaco.contribution.js';
/** Monaco's JSON mode (loaded up front, see lib/monaco.ts); no type declarations either. */
declare module 'monaco-editor/languages/features/json/jsonMode.js';
