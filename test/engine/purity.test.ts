// The engine is host-agnostic (issue 2 § 2): no DOM, service-worker or Node globals inside src/engine.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const FORBIDDEN: [RegExp, string][] = [
  [/from ['"]node:/, 'Node built-in import'],
  [/\brequire\(/, 'CommonJS require'],
  [/\bBuffer\./, 'Node Buffer'],
  [/\bprocess\.(env|exit|argv|on)\b/, 'Node process'],
  [/\b(window|document|localStorage|navigator)\./, 'DOM global'],
  [/\bself\.(registration|clients|skipWaiting)\b/, 'service-worker global'],
];

describe('engine purity', () => {
  it('uses only Web-standard globals, so both hosts run it unchanged (issue 2 § 2)', () => {
    const offences: string[] = [];
    for (const file of files('src/engine')) {
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const [pattern, what] of FORBIDDEN) if (pattern.test(text)) offences.push(`${file}: ${what}`);
    }
    expect(offences).toEqual([]);
  });
});
