/** Every form and subform, and the relations between them. */
import { AINVOICEITEMS_SUBFORM, AINVOICES } from './ainvoices.ts';
import { CUSTOMERS, CUSTPERSONNEL_SUBFORM } from './customers.ts';
import { ACCOUNTS_RECEIVABLE, PAY, PAYITEMS_SUBFORM } from './other.ts';
import { TFNCITEMS_SUBFORM, TINVOICES, TPAYMENT2_SUBFORM } from './receipts.ts';
import type { FormDef } from './types.ts';

export {
  ACCOUNTS_RECEIVABLE,
  AINVOICEITEMS_SUBFORM,
  AINVOICES,
  CUSTOMERS,
  CUSTPERSONNEL_SUBFORM,
  PAY,
  PAYITEMS_SUBFORM,
  TFNCITEMS_SUBFORM,
  TINVOICES,
  TPAYMENT2_SUBFORM,
};

/** Every form definition: top-level forms first (service-document order), then subforms. */
export const FORMS: readonly FormDef[] = [
  CUSTOMERS,
  AINVOICES,
  TINVOICES,
  PAY,
  ACCOUNTS_RECEIVABLE,
  CUSTPERSONNEL_SUBFORM,
  AINVOICEITEMS_SUBFORM,
  TPAYMENT2_SUBFORM,
  TFNCITEMS_SUBFORM,
  PAYITEMS_SUBFORM,
];

/** Top-level forms: the entity sets of the service document, in its order. */
export const ENTITY_SETS: readonly FormDef[] = FORMS.filter((f) => f.parent === null);

const BY_NAME = new Map(FORMS.map((f) => [f.name, f]));

/** A form or subform by its exact (case-sensitive) name. */
export function formByName(name: string): FormDef | undefined {
  return BY_NAME.get(name);
}

/** A top-level form (entity set) by exact name. */
export function entitySet(name: string): FormDef | undefined {
  const f = BY_NAME.get(name);
  return f && f.parent === null ? f : undefined;
}

/** The subform `name` of `parent`, if `parent` has it. */
export function subformOf(parent: FormDef, name: string): FormDef | undefined {
  return parent.subforms.includes(name) ? BY_NAME.get(name) : undefined;
}

/** Subform definitions of a form, in navigation-property order. */
export function subformsOf(parent: FormDef): FormDef[] {
  return parent.subforms.map((n) => BY_NAME.get(n) as FormDef);
}

/** The top-level form a (sub)form belongs to: itself or its parent. */
export function rootFormOf(form: FormDef): FormDef {
  return form.parent ? (BY_NAME.get(form.parent) as FormDef) : form;
}
