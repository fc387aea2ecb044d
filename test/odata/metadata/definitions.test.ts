// spec 001 § Resources and their fields, § TINVOICES, § Other forms, § Write rules 4 and 7: the form
// definitions as data carry the flags the spec gives beside the types (accepted/supplied on create,
// form-validated, auto-unique, required on create), the keys of every subform, and a title per property.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS_RECEIVABLE,
  AINVOICEITEMS_SUBFORM,
  AINVOICES,
  CUSTOMERS,
  CUSTPERSONNEL_SUBFORM,
  FORMS,
  PAY,
  PAYITEMS_SUBFORM,
  TFNCITEMS_SUBFORM,
  TINVOICES,
  TPAYMENT2_SUBFORM,
} from '../../../src/engine/products/odata/forms/index.ts';
import type { FormDef } from '../../../src/engine/products/odata/forms/types.ts';

const flagged = (f: FormDef, flag: 'formValidated' | 'acceptedOnCreate' | 'autoUnique' | 'mandatory') =>
  f.properties.filter((p) => p[flag]).map((p) => p.name);

describe('form definitions (spec 001 § Resources and their fields)', () => {
  it('all ten forms of the issue are defined, subforms under their parents', () => {
    expect(FORMS.map((f) => f.name).sort()).toEqual(
      ['ACCOUNTS_RECEIVABLE', 'AINVOICEITEMS_SUBFORM', 'AINVOICES', 'CUSTOMERS', 'CUSTPERSONNEL_SUBFORM', 'PAY', 'PAYITEMS_SUBFORM', 'TFNCITEMS_SUBFORM', 'TINVOICES', 'TPAYMENT2_SUBFORM'].sort(),
    );
    expect(CUSTOMERS.subforms).toEqual(['CUSTPERSONNEL_SUBFORM']);
    expect(AINVOICES.subforms).toEqual(['AINVOICEITEMS_SUBFORM']);
    expect(TINVOICES.subforms).toEqual(['TPAYMENT2_SUBFORM', 'TFNCITEMS_SUBFORM']);
    expect(PAY.subforms).toEqual(['PAYITEMS_SUBFORM']);
    expect(ACCOUNTS_RECEIVABLE.subforms).toEqual([]);
    for (const f of FORMS) if (f.name.endsWith('_SUBFORM')) expect(f.parent, f.name).not.toBeNull();
  });

  it('write rule 4: exactly AINVOICES.REFERENCE and CUSTOMERS.STATDES are form-validated', () => {
    expect(FORMS.flatMap((f) => f.properties.filter((p) => p.formValidated).map((p) => `${f.name}.${p.name}`)).sort()).toEqual([
      'AINVOICES.REFERENCE',
      'CUSTOMERS.STATDES',
    ]);
    // "REFERENCE on CUSTOMERS is an unknown property"
    expect(CUSTOMERS.byName.has('REFERENCE')).toBe(false);
  });

  it('"key ro (accepted on create)", "ro (supplied on create)", "required on create of a line", "ro (auto-unique)"', () => {
    expect(flagged(CUSTOMERS, 'acceptedOnCreate')).toEqual(['CUSTNAME']);
    expect(flagged(AINVOICES, 'acceptedOnCreate')).toEqual(['CUSTNAME']);
    expect(CUSTOMERS.byName.get('CUSTNAME')).toMatchObject({ key: true, readOnly: true });
    expect(AINVOICES.byName.get('CUSTNAME')).toMatchObject({ key: false, readOnly: true });
    expect(AINVOICEITEMS_SUBFORM.byName.get('PARTNAME')).toMatchObject({ mandatory: true, readOnly: false });
    expect(flagged(CUSTOMERS, 'autoUnique')).toEqual(['CUST']);
    expect(CUSTOMERS.byName.get('CUST')).toMatchObject({ type: 'Edm.Int64', readOnly: true });
  });

  it('keys: CUSTNAME; NAME + FIRM (FIRM carries the parent CUSTDES); IVNUM + DEBIT + IVTYPE; single KLINE; FNCTRANS + KLINE', () => {
    expect(CUSTOMERS.keys).toEqual(['CUSTNAME']);
    expect(CUSTPERSONNEL_SUBFORM.keys).toEqual(['NAME', 'FIRM']);
    expect(CUSTPERSONNEL_SUBFORM.byName.get('FIRM')).toMatchObject({ type: 'Edm.String', maxLength: CUSTOMERS.byName.get('CUSTDES')?.maxLength });
    for (const f of [AINVOICES, TINVOICES]) expect([...f.keys].sort(), f.name).toEqual(['DEBIT', 'IVNUM', 'IVTYPE']);
    for (const f of [AINVOICEITEMS_SUBFORM, TPAYMENT2_SUBFORM, PAYITEMS_SUBFORM]) {
      expect(f.keys, f.name).toEqual(['KLINE']);
      expect(f.byName.get('KLINE')?.type).toBe('Edm.Int64');
    }
    expect([...TFNCITEMS_SUBFORM.keys].sort()).toEqual(['FNCTRANS', 'KLINE']);
  });

  it('§ TINVOICES: the named subform fields exist (PAYMENTCODE, PAYMENTNAME, QPRICE; FNCIREF1, CREDIT)', () => {
    for (const n of ['PAYMENTCODE', 'PAYMENTNAME', 'QPRICE']) expect(TPAYMENT2_SUBFORM.byName.has(n), n).toBe(true);
    for (const n of ['FNCIREF1', 'CREDIT']) expect(TFNCITEMS_SUBFORM.byName.has(n), n).toBe(true);
    expect(TPAYMENT2_SUBFORM.byName.get('QPRICE')?.type).toBe('Edm.Decimal');
    expect(TFNCITEMS_SUBFORM.byName.get('CREDIT')?.type).toBe('Edm.Decimal');
    // TOTPRICE bounds the applications ("the sum of CREDIT never exceeds TOTPRICE")
    expect(TINVOICES.byName.get('TOTPRICE')?.type).toBe('Edm.Decimal');
  });

  it('§ What the service does 3: TINVOICES, PAY, ACCOUNTS_RECEIVABLE and their children are read-only forms, every column ro', () => {
    for (const f of [TINVOICES, TPAYMENT2_SUBFORM, TFNCITEMS_SUBFORM, PAY, PAYITEMS_SUBFORM, ACCOUNTS_RECEIVABLE]) {
      expect(f.readOnlyForm, f.name).toBe(true);
      expect(f.properties.filter((p) => !p.readOnly).map((p) => p.name), f.name).toEqual([]);
    }
    for (const f of [CUSTOMERS, CUSTPERSONNEL_SUBFORM, AINVOICES, AINVOICEITEMS_SUBFORM]) expect(f.readOnlyForm, f.name).toBe(false);
  });

  it('every property carries a localized title and a type-appropriate facet set', () => {
    for (const f of FORMS) {
      for (const p of f.properties) {
        const where = `${f.name}.${p.name}`;
        expect(p.title.trim(), where).not.toBe('');
        expect(p.maxLength !== undefined, where).toBe(p.type === 'Edm.String');
        expect(p.precision !== undefined && p.scale !== undefined, where).toBe(p.type === 'Edm.Decimal');
        expect(p.dateType !== undefined, where).toBe(p.type === 'Edm.DateTimeOffset');
      }
      for (const k of f.keys) expect(f.byName.get(k)?.key, `${f.name}.${k}`).toBe(true);
      expect(f.properties.filter((p) => p.key).length, f.name).toBe(f.keys.length);
    }
  });
});
