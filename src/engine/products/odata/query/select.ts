/**
 * $select (spec 001 § Query options): comma-separated plain properties; the response keeps
 * metadata order while @odata.context echoes the sent order with duplicates removed; `*` gives a
 * (*) context; a subform name is 400.
 */
import { MSG } from '../errors/messages.ts';
import { ODataError } from '../errors/envelope.ts';
import type { FormDef } from '../forms/index.ts';

export interface SelectSpec {
  /** Selected property names, or null for every property. */
  props: ReadonlySet<string> | null;
  /** Sent order, duplicates removed, for @odata.context. */
  echo: string[];
}

export function parseSelect(text: string, form: FormDef): SelectSpec {
  const echo: string[] = [];
  let all = false;
  const props = new Set<string>();
  let pos = 0;
  for (const part of text.split(',')) {
    const name = part.trim();
    pos += part.length + 1;
    if (name === '') throw new ODataError(400, MSG.syntaxError(Math.min(pos - 1, text.length), text), '$select');
    if (name === '*') all = true;
    else {
      const head = name.split('/')[0] as string;
      if (form.subforms.includes(head)) throw new ODataError(400, MSG.navigationInSelect(head), '$select');
      if (name.includes('/') || !form.byName.has(name)) {
        throw new ODataError(400, MSG.unknownProperty(name, `Priority.OData.${form.name}`), name);
      }
      props.add(name);
    }
    if (!echo.includes(name)) echo.push(name);
  }
  return { props: all ? null : props, echo };
}
