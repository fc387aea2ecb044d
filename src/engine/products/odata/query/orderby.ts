/**
 * $orderby (spec 001 § Query options): `Field [asc|desc]`, comma-separated; direction words are
 * case-insensitive; any other direction word or a trailing comma: 400 'Syntax error at position N
 * in ...' (N = offset just after the offending token, or the text length at an unexpected end).
 * The whole text is checked for syntax first, then the properties are resolved left to right.
 */
import { MSG } from '../errors/messages.ts';
import { ODataError } from '../errors/envelope.ts';
import type { FormDef, PropertyDef } from '../forms/index.ts';

export interface OrderItem {
  prop: PropertyDef;
  desc: boolean;
}

export function parseOrderby(text: string, form: FormDef): OrderItem[] {
  const err = (pos: number) => new ODataError(400, MSG.syntaxError(pos, text), '$orderby');
  const raw: { name: string; desc: boolean }[] = [];
  const re = /\s*([^\s,]+)?\s*/y;
  let i = 0;
  for (;;) {
    re.lastIndex = i;
    const m1 = re.exec(text) as RegExpExecArray;
    const name = m1[1];
    if (!name) throw err(re.lastIndex);
    if (!/^[A-Za-z_$][A-Za-z0-9_]*(\/[A-Za-z_$][A-Za-z0-9_]*)*$/.test(name)) throw err(m1.index + m1[0].trimEnd().length);
    i = re.lastIndex;
    let desc = false;
    if (i < text.length && text[i] !== ',') {
      re.lastIndex = i;
      const m2 = re.exec(text) as RegExpExecArray;
      const word = (m2[1] ?? '').toLowerCase();
      if (word !== 'asc' && word !== 'desc') throw err(m2.index + m2[0].trimEnd().length);
      desc = word === 'desc';
      i = re.lastIndex;
      if (i < text.length && text[i] !== ',') {
        re.lastIndex = i;
        const m3 = re.exec(text) as RegExpExecArray;
        throw err(m3.index + m3[0].trimEnd().length);
      }
    }
    raw.push({ name, desc });
    if (i >= text.length) break;
    i++; // the comma; a trailing comma then fails on the empty item
  }
  return raw.map(({ name, desc }) => {
    const head = name.split('/')[0] as string;
    if (form.subforms.includes(head)) throw new ODataError(400, MSG.navigationInOrderby(head), '$orderby');
    const prop = name.includes('/') ? undefined : form.byName.get(name);
    if (!prop) throw new ODataError(400, MSG.unknownProperty(name, `Priority.OData.${form.name}`), name);
    return { prop, desc };
  });
}
