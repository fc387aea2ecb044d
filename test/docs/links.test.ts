// Issue 37 § 3 (Docs that cannot drift): every relative link and #anchor in README.md and docs/
// resolves, with GitHub's anchor rules (github-slugger).
import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, docFiles, links, read, ROOT } from './markdown.ts';

describe('links in README.md and docs/ (issue 37 § 3)', () => {
  const files = docFiles();

  it('finds the README, the guides and the reference', () => {
    for (const f of ['README.md', 'docs/explore.md', 'docs/teach.md', 'docs/test.md', 'docs/operate.md', 'docs/architecture.md', 'docs/performance.md', 'docs/reference/control-api.md'])
      expect(files).toContain(f);
  });

  it.each(files)('%s: every relative link reaches a file and every #anchor a heading there', (file) => {
    const problems: string[] = [];
    for (const { target, line } of links(read(file))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:: not this test's to check
      const [path = '', anchor] = target.split('#') as [string, string | undefined];
      const to = path ? normalize(join(dirname(file), decodeURIComponent(path))) : file;
      if (to.startsWith('..')) problems.push(`${file}:${line} → ${target}: leaves the repository`);
      else if (!existsSync(join(ROOT, to))) problems.push(`${file}:${line} → ${target}: no such file`);
      else if (anchor !== undefined) {
        if (!to.endsWith('.md') || statSync(join(ROOT, to)).isDirectory()) problems.push(`${file}:${line} → ${target}: an anchor into a file that is not Markdown`);
        else if (!anchors(read(to)).has(anchor)) problems.push(`${file}:${line} → ${target}: no heading makes #${anchor} in ${to}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the slugger follows GitHub: punctuation dropped, spaces to hyphens, repeats numbered', () => {
    const made = anchors('# A shared host and a class\n## SOAP InvoiceService (spec 000 § SOAP, Errors: faults)\n## `--state` files\n## AutoMatch (AR_APPLY_RECEIPTS; *spec*)\n## Notes\n## Notes\n');
    expect([...made]).toEqual(['a-shared-host-and-a-class', 'soap-invoiceservice-spec-000--soap-errors-faults', '--state-files', 'automatch-ar_apply_receipts-spec', 'notes', 'notes-1']);
  });
});
