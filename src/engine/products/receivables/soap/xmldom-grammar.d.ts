/** xmldom's grammar module (no declarations of its own): only what xmldom-regexp-cache.ts uses. */
declare module '@xmldom/xmldom/lib/grammar.js' {
  const grammar: { reg(...parts: (string | RegExp)[]): RegExp };
  export default grammar;
}
