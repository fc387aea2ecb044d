/// <reference types="vite/client" />
/// <reference types="svelte" />
/** Monaco's JSON language contribution registers itself; it has no type declarations. */
declare module 'monaco-editor/language/json/monaco.contribution.js';
