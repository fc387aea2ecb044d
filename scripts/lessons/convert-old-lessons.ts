/**
 * Lessons written in the old code form (an array of objects whose steps carry `how` and `goal`)
 * become lesson files in src/engine/lessons/builtin/ (docs/reference/lesson-format.md):
 *   npx tsx scripts/lessons/convert-old-lessons.ts <module exporting LESSONS> [id…]
 * Each step's `how` becomes its `instruction`; its goal is kept as the same `goal`. Then add the id
 * to the list in src/engine/lessons/lessons.ts (the built-in lessons' order). Every file written is
 * checked by the validator the host uses.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkLesson } from '../../src/engine/lessons/validate.ts';

interface OldStep {
  id: string;
  title: string;
  how: string;
  goal: unknown;
}
interface OldLesson {
  id: string;
  product: string;
  title: string;
  summary: string;
  scenario?: string;
  steps: OldStep[];
}

const [modulePath, ...only] = process.argv.slice(2);
if (!modulePath) {
  console.error('Usage: npx tsx scripts/lessons/convert-old-lessons.ts <module exporting LESSONS> [id…]');
  process.exit(2);
}
const { LESSONS } = (await import(pathToFileURL(resolve(modulePath)).href)) as { LESSONS: OldLesson[] };
for (const old of LESSONS) {
  if (only.length && !only.includes(old.id)) continue;
  const lesson = {
    id: old.id,
    title: old.title,
    product: old.product,
    summary: old.summary,
    ...(old.scenario ? { scenario: old.scenario } : {}),
    steps: old.steps.map((s) => ({ id: s.id, title: s.title, instruction: s.how, goal: s.goal })),
  };
  const checked = checkLesson(lesson);
  if (!checked.ok) throw new Error(`${old.id}: ${checked.error}`);
  const file = resolve('src/engine/lessons/builtin', `${old.id}.json`);
  writeFileSync(file, `${JSON.stringify(lesson, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
