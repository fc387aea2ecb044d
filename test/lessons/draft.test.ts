// Issue 40 § 3 "Start from my requests": each picked request becomes a step whose check matches it
// (method, the path with its ids replaced by `*`, status), and the lesson made validates; the
// check against the journal is journal/verify's, so the request it came from ticks it.
import { describe, expect, it } from 'vitest';
import { lessonFrom, lessonText, pathPattern } from '../../src/app/lib/lesson-draft.ts';
import { checkLessons } from '../../src/engine/lessons/check.ts';
import { checkLessonText } from '../../src/engine/lessons/validate.ts';
import type { JournalEntry } from '../../src/engine/journal/types.ts';

const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';

describe('steps from requests (issue 40 § 3)', () => {
  it('replaces ids by * and drops the query', () => {
    expect(pathPattern(`${INV}/300100000001?expand=lines`)).toBe(`${INV}/*`);
    expect(pathPattern(`${INV}?limit=5`)).toBe(INV);
    expect(pathPattern('/fscmRestApi/resources/11.13.18.05/standardReceipts/42/child/applications/7')).toBe('/fscmRestApi/resources/11.13.18.05/standardReceipts/*/child/applications/*');
    expect(pathPattern("/odata/Priority/tabula.ini/demo/CUSTOMERS('C1')")).toBe('/odata/Priority/tabula.ini/demo/CUSTOMERS(*)');
    expect(pathPattern('/odata/Priority/tabula.ini/demo/ORDERS(ORDNAME=%27SO-1%27)/ORDERITEMS_SUBFORM')).toBe('/odata/Priority/tabula.ini/demo/ORDERS(*)/ORDERITEMS_SUBFORM');
    expect(pathPattern(`${INV}/INV-1001`)).toBe(`${INV}/*`);
    expect(pathPattern('/oauth/token')).toBe('/oauth/token');
  });

  it('makes a valid lesson whose steps the same requests tick, in order', () => {
    const sent = [
      { method: 'POST', path: '/oauth/token', status: 200 },
      { method: 'GET', path: `${INV}/300100000001?expand=lines`, status: 200 },
      { method: 'POST', path: '/fscmRestApi/resources/11.13.18.05/standardReceipts', status: 201 },
    ];
    const text = lessonText(lessonFrom('receivables', sent));
    const checked = checkLessonText(text);
    expect(checked).toMatchObject({ ok: true });
    if (!checked.ok) return;
    const entries = sent.map((s, i) => ({ id: i + 1, at: '2026-03-15T10:00:00.000Z', service: 'rest', request: { headers: {} }, response: { headers: {} }, source: 'outside', ...s }) as unknown as JournalEntry);
    expect(checkLessons([checked.lesson], entries, { rows: {} })[0]).toMatchObject({ done: true, completed: 3 });
    // Another invoice's id matches too: the id is a *.
    const other = entries.map((e) => (e.id === 2 ? { ...e, path: `${INV}/300100000999` } : e));
    expect(checkLessons([checked.lesson], other, { rows: {} })[0]).toMatchObject({ done: true });
    // Out of order, the steps after the first miss stay open.
    expect(checkLessons([checked.lesson], entries.map((e) => ({ ...e, id: 4 - e.id })), { rows: {} })[0]).toMatchObject({ completed: 1 });
  });
});
