// Issue 40 § 1: the lesson format's validation names the first wrong field, and the built-in lessons
// are files in that same format (each accepted by the validator a host uses for custom lessons).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../src/engine/lessons/lessons.ts';
import { checkLesson, checkLessonText } from '../../src/engine/lessons/validate.ts';

const good = () => ({
  id: 'apply-a-payment',
  title: 'Record and apply a customer\'s payment',
  product: 'receivables',
  scenario: 'cash-cycle',
  summary: '…',
  steps: [
    { title: 'Get a token', instruction: '…markdown…', hint: '…', check: { request: { method: 'POST', path: '*/oauth/token', status: 200 } } },
    { title: 'Record the payment', instruction: '…', check: { request: { method: 'POST', path: '*/standardReceipts', status: 201, bodyIncludes: 'INV-' }, count: { exactly: 1 } } },
  ],
});

type Lessonish = ReturnType<typeof good> & Record<string, unknown>;
const errorOf = (edit: (l: Lessonish) => void) => {
  const l = good() as Lessonish;
  edit(l);
  const r = checkLesson(l);
  return r.ok ? 'accepted' : r.error;
};
const step = (l: Lessonish, i: number) => l.steps[i] as unknown as Record<string, unknown>;
const request = (l: Lessonish, i: number) => (step(l, i)['check'] as { request: Record<string, unknown> }).request;

describe('lesson validation (issue 40 § 1)', () => {
  it('accepts the issue\'s example as shown', () => {
    expect(checkLesson(good())).toMatchObject({ ok: true });
  });

  it('names the first wrong field, exactly', () => {
    const cases: [string, (l: Lessonish) => void, string][] = [
      ['status word', (l) => (request(l, 1)['status'] = 'created'), 'steps[1].check.request.status: expected a number or "4xx"'],
      ['status fraction', (l) => (request(l, 1)['status'] = 200.5), 'steps[1].check.request.status: expected a number or "4xx"'],
      ['status too big', (l) => (request(l, 0)['status'] = 600), 'steps[0].check.request.status: expected a number or "4xx"'],
      ['id', (l) => (l.id = 'Apply A Payment'), 'id: expected an id of lower-case letters, digits and dashes (up to 64), e.g. "apply-a-payment"'],
      ['no title', (l) => delete (l as Record<string, unknown>)['title'], 'title: missing (expected a text of 1-200 characters)'],
      ['product', (l) => (l.product = 'sap'), 'product: expected "receivables" or "odata"'],
      ['unknown field', (l) => (l['author'] = 'me'), 'author: unknown field (allowed: $schema, id, title, product, summary, scenario, steps)'],
      ['no steps', (l) => (l.steps = []), 'steps: expected an array of 1-50 steps'],
      ['step not object', (l) => ((l.steps as unknown[])[1] = 'x'), 'steps[1]: expected a step object with a title, an instruction and a check (or a goal)'],
      ['no instruction', (l) => delete step(l, 0)['instruction'], 'steps[0].instruction: missing (expected a text of 1-8000 characters)'],
      ['neither check nor goal', (l) => delete step(l, 1)['check'], 'steps[1]: expected exactly one of "check" and "goal"'],
      ['check and goal', (l) => (step(l, 0)['goal'] = { kind: 'covers', path: '/x', resource: 'r' }), 'steps[0]: expected exactly one of "check" and "goal"'],
      ['method', (l) => (request(l, 0)['method'] = 'PO ST'), 'steps[0].check.request.method: expected an HTTP method such as "POST"'],
      ['path with query', (l) => (request(l, 0)['path'] = '/x?y=1'), 'steps[0].check.request.path: expected a path of 1-300 characters starting with / or *, without a query'],
      ['path relative', (l) => (request(l, 0)['path'] = 'oauth/token'), 'steps[0].check.request.path: expected a path of 1-300 characters starting with / or *, without a query'],
      ['unknown request field', (l) => (request(l, 0)['since'] = 3), 'steps[0].check.request.since: unknown field (allowed: method, path, query, headers, body, bodyIncludes, status)'],
      ['count rule', (l) => ((step(l, 1)['check'] as Record<string, unknown>)['count'] = { twice: 2 }), 'steps[1].check.count: expected one of {"exactly": n}, {"atLeast": n}, {"atMost": n}'],
      ['count number', (l) => ((step(l, 1)['check'] as Record<string, unknown>)['count'] = { exactly: -1 }), 'steps[1].check.count.exactly: expected an integer from 0 to 1000000'],
      ['bodyIncludes empty', (l) => (request(l, 1)['bodyIncludes'] = ''), 'steps[1].check.request.bodyIncludes: expected a text of 1-1000 characters or an array of 1-20 such texts'],
      ['header rule', (l) => (request(l, 1)['headers'] = { 'Upsert-Mode': { equals: 1 } }), 'steps[1].check.request.headers.Upsert-Mode.equals: expected a text, {"equals": "<value>"}, {"present": true} or {"absent": true}'],
      ['body rule with two tests', (l) => (request(l, 1)['body'] = { jsonPath: '$.A', equals: 1, exists: true }), 'steps[1].check.request.body: "request.body" must be {"jsonPath": "$.Name", "equals": <JSON value>} (or "exists": true|false, or "contains": <text or element>), or an array of 1-20 of them.'],
      ['goal kind', (l) => ((l.steps as unknown[])[0] = { title: 't', instruction: 'i', goal: { kind: 'done' } }), 'steps[0].goal: expected {"kind": "seen", "pattern": {...}} or {"kind": "covers", "path", "resource"}'],
      ['goal regex', (l) => ((l.steps as unknown[])[0] = { title: 't', instruction: 'i', goal: { kind: 'seen', pattern: { path: '(' } } }), expect.stringMatching(/^steps\[0\]\.goal\.pattern\.path: expected a regular expression of 1-500 characters \(.+\)$/) as unknown as string],
      ['goal without pattern', (l) => ((l.steps as unknown[])[0] = { title: 't', instruction: 'i', goal: { kind: 'seen' } }), 'steps[0].goal.pattern: missing (expected an entry pattern object)'],
      ['duplicate step ids', (l) => (step(l, 0)['id'] = step(l, 1)['id'] = 'same'), 'steps[1].id: expected an id no other step has ("same" is taken)'],
      ['scenario', (l) => ((l as Record<string, unknown>)['scenario'] = 7), 'scenario: expected a scenario id or a snapshot object'],
    ];
    for (const [name, edit, message] of cases) expect(errorOf(edit), name).toEqual(message);
  });

  it('names the field of a lesson file that is not a lesson at all', () => {
    expect(checkLessonText('{"id": ')).toMatchObject({ ok: false, field: 'lesson' });
    expect(checkLessonText('[]')).toEqual({ ok: false, field: 'lesson', error: 'lesson: expected a lesson object' });
    expect(checkLessonText('null')).toEqual({ ok: false, field: 'lesson', error: 'lesson: expected a lesson object' });
  });

  it('every built-in lesson is a file the validator accepts, listed in lessons.ts', () => {
    const dir = new URL('../../src/engine/lessons/builtin/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(LESSONS.map((l) => l.id).sort());
    for (const f of files) expect(checkLessonText(readFileSync(new URL(f, dir), 'utf8')), f).toMatchObject({ ok: true });
  });
});
