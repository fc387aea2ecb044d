import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, q, writeFixture } from '../fixture.ts';
import { odataEnv, type ODataEnv } from '../helpers.ts';

let e: ODataEnv;
beforeAll(async () => {
  e = await odataEnv();
  await writeFixture(e);
});
const one = (expand: string) => getJson(e, `/CUSTOMERS?$filter=${q("CUSTNAME eq 'QT01'")}&$select=CUSTNAME&$expand=${q(expand)}`);
const contacts = async (expand: string) => (await one(expand)).value[0].CUSTPERSONNEL_SUBFORM.map((c: { NAME: string }) => c.NAME);

async function refusal(expand: string, path = '/CUSTOMERS') {
  const res = await e.get(`${path}?$expand=${q(expand)}`);
  return { status: res.status, body: await res.json() };
}

describe('$expand (spec 001 § Query options $expand)', () => {
  it('inline child is the complete child set (key order) with <SUBFORM>@odata.context beside it', async () => {
    const body = await one('CUSTPERSONNEL_SUBFORM');
    const row = body.value[0];
    expect(Object.keys(row)).toEqual(['CUSTNAME', 'CUSTPERSONNEL_SUBFORM@odata.context', 'CUSTPERSONNEL_SUBFORM']);
    expect(row['CUSTPERSONNEL_SUBFORM@odata.context']).toBe(`http://sim.test${e.root}/$metadata#CUSTOMERS('QT01')/CUSTPERSONNEL_SUBFORM`);
    expect(row.CUSTPERSONNEL_SUBFORM.map((c: { NAME: string }) => c.NAME)).toEqual(['Ann Lee', 'Bob Roe', 'Cy Poe']);
    expect(Object.keys(row.CUSTPERSONNEL_SUBFORM[0])).toHaveLength(50);
  });

  it('nested options separated by a semicolon: $top, $skip, $orderby, $filter, $select against the child type', async () => {
    expect(await contacts('CUSTPERSONNEL_SUBFORM($top=2)')).toEqual(['Ann Lee', 'Bob Roe']);
    expect(await contacts('CUSTPERSONNEL_SUBFORM($skip=1;$top=1)')).toEqual(['Bob Roe']);
    expect(await contacts('CUSTPERSONNEL_SUBFORM($orderby=PHONE desc)')).toEqual(['Ann Lee', 'Cy Poe', 'Bob Roe']);
    expect(await contacts("CUSTPERSONNEL_SUBFORM($filter=EMAIL ne null;$orderby=NAME desc)")).toEqual(['Cy Poe', 'Ann Lee']);
    const body = await one('CUSTPERSONNEL_SUBFORM($select=EMAIL,NAME;$top=1)');
    expect(body.value[0].CUSTPERSONNEL_SUBFORM).toEqual([{ NAME: 'Ann Lee', EMAIL: 'ann@x.test' }]);
    expect(body.value[0]['CUSTPERSONNEL_SUBFORM@odata.context']).toMatch(/CUSTPERSONNEL_SUBFORM\(EMAIL,NAME\)$/);
  });

  it('nested $top 0 means all; duplicated nested options take the last', async () => {
    expect(await contacts('CUSTPERSONNEL_SUBFORM($top=0)')).toHaveLength(3);
    expect(await contacts('CUSTPERSONNEL_SUBFORM($top=1;$top=2)')).toEqual(['Ann Lee', 'Bob Roe']);
    expect(await contacts('CUSTPERSONNEL_SUBFORM($TOP=1)')).toEqual(['Ann Lee']);
  });

  it('nested options separated by a comma are refused (the $top value is then not an integer)', async () => {
    const r = await refusal('CUSTPERSONNEL_SUBFORM($top=1,$skip=1)');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("Invalid value '1,$skip=1' for $top query option found. The $top query option requires a non-negative integer value.");
  });

  it('invalid nested options are refused like top-level ones', async () => {
    expect((await refusal('CUSTPERSONNEL_SUBFORM($top=-1)')).status).toBe(400);
    expect((await refusal("CUSTPERSONNEL_SUBFORM($filter=contains(NAME,'A'))")).status).toBe(501);
    expect((await refusal('CUSTPERSONNEL_SUBFORM($orderby=NAME sideways)')).status).toBe(400);
    expect((await refusal('CUSTPERSONNEL_SUBFORM($select=CUSTNAME)')).status).toBe(400);
  });

  it('an unknown child gives 400 naming it', async () => {
    const r = await refusal('NOSUCH_SUBFORM');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("'NOSUCH_SUBFORM'");
    expect((await refusal('AINVOICEITEMS_SUBFORM')).status).toBe(400);
  });

  it("a plain property gives 400 'is not a navigation property or complex property'", async () => {
    const r = await refusal('CUSTDES');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(
      "Property 'CUSTDES' on type 'Priority.OData.CUSTOMERS' is not a navigation property or complex property. Only navigation properties can be expanded.",
    );
  });

  it('nested $expand is refused 400', async () => {
    const r = await refusal('CUSTPERSONNEL_SUBFORM($expand=X)');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('Nested $expand');
  });

  it('mismatched parentheses and empty items are 400', async () => {
    expect((await refusal('CUSTPERSONNEL_SUBFORM($top=1')).body.error.message).toBe('Invalid query options: parse error. Mismatched parenthesis.');
    expect((await refusal('CUSTPERSONNEL_SUBFORM,')).status).toBe(400);
  });

  it('expand on an item read and on invoices (composite-key parent context)', async () => {
    const inv = await getJson(e, "/AINVOICES(IVNUM='QTI1',DEBIT='D',IVTYPE='A')?$expand=AINVOICEITEMS_SUBFORM($select=KLINE,TOTPRICE)&$select=IVNUM,TOTPRICE");
    expect(inv['@odata.context']).toBe(`http://sim.test${e.root}/$metadata#AINVOICES(IVNUM,TOTPRICE)/$entity`);
    expect(inv.AINVOICEITEMS_SUBFORM).toEqual([
      { TOTPRICE: 15, KLINE: 1 },
      { TOTPRICE: 10, KLINE: 2 },
      { TOTPRICE: 5, KLINE: 10 },
    ]);
    expect(inv['AINVOICEITEMS_SUBFORM@odata.context']).toBe(
      `http://sim.test${e.root}/$metadata#AINVOICES(IVNUM='QTI1',DEBIT='D',IVTYPE='A')/AINVOICEITEMS_SUBFORM(KLINE,TOTPRICE)`,
    );
  });
});
