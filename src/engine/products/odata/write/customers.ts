/**
 * CUSTOMERS writes and their contacts (spec 001 § States and transitions, write rules 3-5, 8).
 * All functions run inside one `c.env.write` transaction; a thrown refusal stores nothing.
 */
import type { Row, WriteTx } from '../../../core/types.ts';
import { CHANGED_AT, CUSTOMERS, CUSTPERSONNEL_SUBFORM, PARENT_FIELD, childRowId, childRows, kindOf, rowId } from '../forms/index.ts';
import { takeCounter, tNumber } from '../book/counters.ts';
import { midnightZ } from '../book/dates.ts';
import { CUSTOMER_STATUSES, TEMPORARY } from '../book/flags.ts';
import { refreshReceivable } from '../book/receivable.ts';
import { applyWritable } from './columns.ts';
import type { WriteCtx } from './context.ts';
import { conflict, formRefusal } from './failure.ts';
import { WRITE_MSG } from './messages.ts';
import { nonEmpty, type Payload } from './payload.ts';

const CONTACTS_KIND = kindOf(CUSTPERSONNEL_SUBFORM);
const title = (name: string) => CUSTOMERS.byName.get(name)?.title ?? name;

/**
 * CUSTOMERS.STATDES is form-validated against the instance status list (rule 4); '' and null
 * store null. Returns undefined when the payload does not name STATDES.
 */
function validatedStatus(payload: Payload): string | null | undefined {
  if (!payload.values.has('STATDES')) return undefined;
  const v = payload.values.get('STATDES');
  if (v === null || v === '') return null;
  if (!CUSTOMER_STATUSES.includes(String(v))) {
    throw formRefusal(CUSTOMERS.name, WRITE_MSG.notInTable(title('STATDES'), String(v), 'Customer Statuses'));
  }
  return String(v);
}

function temporaryNumber(tx: WriteTx): string {
  // Skip numbers a client took explicitly.
  for (;;) {
    const name = tNumber(takeCounter(tx, 'TCUST'));
    if (!tx.get(CUSTOMERS.name, name)) return name;
  }
}

/** POST /CUSTOMERS. Returns the stored row and the contacts created with it. */
export function createCustomer(tx: WriteTx, ctx: WriteCtx, payload: Payload): { row: Row; contacts: Row[] } {
  // Rule 5: an empty payload is the missing-required refusal.
  if (payload.empty) throw formRefusal(CUSTOMERS.name, WRITE_MSG.missingRequired(title('CUSTDES')));
  const given = nonEmpty(payload, 'CUSTNAME'); // empty CUSTNAME counts as absent
  const temporary = given === null;
  const custname = given ?? temporaryNumber(tx);
  if (tx.get(CUSTOMERS.name, custname)) throw conflict(WRITE_MSG.keyExists(CUSTOMERS.name, custname));
  const status = validatedStatus(payload);
  const today = midnightZ(ctx.now);
  const row: Row = { CUSTNAME: custname };
  applyWritable(row, payload);
  row['STATDES'] = temporary ? 'Potential' : (status ?? 'Active');
  if (!payload.values.has('OWNERLOGIN') || row['OWNERLOGIN'] === null || row['OWNERLOGIN'] === '') row['OWNERLOGIN'] = ctx.login;
  row['CREATEDDATE'] = today;
  row['STATUSDATE'] = today;
  row['CUST'] = takeCounter(tx, 'CUST');
  row[CHANGED_AT] = ctx.changedAt;
  if (temporary) row[TEMPORARY] = true;
  tx.put(CUSTOMERS.name, rowId(CUSTOMERS, row), row);
  const contacts = (payload.children.get(CUSTPERSONNEL_SUBFORM.name) ?? []).map((p) => insertContact(tx, ctx, row, p));
  refreshReceivable(tx, custname, ctx.changedAt);
  return { row, contacts };
}

/** PATCH /CUSTOMERS('X'). `{}` changes nothing; server-owned columns are ignored. */
export function updateCustomer(tx: WriteTx, ctx: WriteCtx, current: Row, payload: Payload): Row {
  const status = validatedStatus(payload);
  const row: Row = { ...current };
  const written = applyWritable(row, payload);
  if (status !== undefined) {
    if (status !== current['STATDES']) row['STATUSDATE'] = midnightZ(ctx.now);
    row['STATDES'] = status;
    written.push('STATDES');
  }
  if (written.length === 0) return current;
  row[CHANGED_AT] = ctx.changedAt;
  const id = rowId(CUSTOMERS, row);
  tx.put(CUSTOMERS.name, id, row);
  // Rule 8: renaming a customer (CUSTDES) changes the FIRM part of its contacts' keys.
  if ((row['CUSTDES'] ?? null) !== (current['CUSTDES'] ?? null)) {
    for (const contact of [...childRows(tx, CUSTPERSONNEL_SUBFORM, id)]) {
      const oldId = childRowId(id, CUSTPERSONNEL_SUBFORM, contact);
      const moved: Row = { ...contact, FIRM: row['CUSTDES'] ?? null, [CHANGED_AT]: ctx.changedAt };
      tx.delete(CONTACTS_KIND, oldId);
      tx.put(CONTACTS_KIND, childRowId(id, CUSTPERSONNEL_SUBFORM, moved), moved);
    }
  }
  refreshReceivable(tx, String(row['CUSTNAME']), ctx.changedAt);
  return row;
}

const contactTitle = (name: string) => CUSTPERSONNEL_SUBFORM.byName.get(name)?.title ?? name;

/** Insert one contact under `customer` (nested create or POST .../CUSTPERSONNEL_SUBFORM). */
function insertContact(tx: WriteTx, ctx: WriteCtx, customer: Row, payload: Payload): Row {
  const name = nonEmpty(payload, 'NAME');
  if (name === null) throw formRefusal(CUSTOMERS.name, WRITE_MSG.missingRequired(contactTitle('NAME')));
  const parentId = rowId(CUSTOMERS, customer);
  const row: Row = { NAME: name };
  applyWritable(row, payload); // STATDES of a contact is stored as given (rule 8)
  row['FIRM'] = customer['CUSTDES'] ?? null;
  row['OWNERLOGIN'] = ctx.login;
  row['PHONE'] = takeCounter(tx, 'PHONE');
  row[PARENT_FIELD] = parentId;
  row[CHANGED_AT] = ctx.changedAt;
  const id = childRowId(parentId, CUSTPERSONNEL_SUBFORM, row);
  if (tx.get(CONTACTS_KIND, id)) throw conflict(WRITE_MSG.keyExists(CUSTPERSONNEL_SUBFORM.name, `${name}, ${String(row['FIRM'] ?? '')}`));
  tx.put(CONTACTS_KIND, id, row);
  return row;
}

/** Bump the parent's change instant for a child write (spec 001 § States and transitions). */
function touch(tx: WriteTx, kind: string, id: string, row: Row, changedAt: string): Row {
  const next = { ...row, [CHANGED_AT]: changedAt };
  tx.put(kind, id, next);
  return next;
}

/** POST /CUSTOMERS('X')/CUSTPERSONNEL_SUBFORM. */
export function createContact(tx: WriteTx, ctx: WriteCtx, customer: Row, payload: Payload): Row {
  if (payload.empty) throw formRefusal(CUSTOMERS.name, WRITE_MSG.missingRequired(contactTitle('NAME')));
  const row = insertContact(tx, ctx, customer, payload);
  touch(tx, CUSTOMERS.name, rowId(CUSTOMERS, customer), customer, ctx.changedAt);
  return row;
}

/** PATCH /CUSTOMERS('X')/CUSTPERSONNEL_SUBFORM(NAME='..',FIRM='..'). */
export function updateContact(tx: WriteTx, ctx: WriteCtx, customer: Row, current: Row, payload: Payload): Row {
  const row: Row = { ...current };
  if (applyWritable(row, payload).length === 0) return current;
  row[CHANGED_AT] = ctx.changedAt;
  tx.put(CONTACTS_KIND, childRowId(rowId(CUSTOMERS, customer), CUSTPERSONNEL_SUBFORM, row), row);
  touch(tx, CUSTOMERS.name, rowId(CUSTOMERS, customer), customer, ctx.changedAt);
  return row;
}

