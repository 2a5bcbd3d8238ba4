import { MANUFACTURER_CODES } from '@nbr/domain/manufacturer-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestAuditEvent } from '../../test/audit-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser } from '../../test/identity-helpers.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';

let t: TestApp;
let admin: string;
let support: string;
let person: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaffFixtures(t.app);
  admin = staff.admin.token;
  support = staff.support.token;
  person = (await signUpUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, token, method, url, payload);

const lastAudit = (action: string) => latestAuditEvent(t.app.db, action);

async function warnings(frameNumber: string, brand: string): Promise<string[]> {
  const answer = await call(person, 'POST', '/api/bikes/identifier-checks', {
    frame_number: frameNumber,
    brand,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().frame_number.warnings;
}

describe('the manufacturer-code table (/v2/diverse)', () => {
  it('is seeded from the built-in list, and staff see it', async () => {
    const list = await call(support, 'GET', '/api/backoffice/manufacturer-codes');
    expect(list.statusCode).toBe(200);
    const byCode = new Map(list.json().map((entry: { code: string }) => [entry.code, entry]));
    expect([...byCode.keys()].sort()).toEqual(MANUFACTURER_CODES.map((entry) => entry.code).sort());
    for (const entry of MANUFACTURER_CODES) {
      expect(byCode.get(entry.code)).toMatchObject({
        holder: entry.holder,
        brands: [...entry.brands],
        confidence: entry.confidence,
        source: entry.source,
      });
    }
  });

  it('an admin adds a code, audited, and the frame-number check uses it at once', async () => {
    expect(await warnings('WDA 1234 Z', 'Testfabrik')).toEqual([]);
    const added = await call(admin, 'POST', '/api/backoffice/manufacturer-codes', {
      code: 'xtf',
      holder: 'Testfabrikken A/S',
      brands: ['Testfabrik', 'testfabrik'],
      confidence: 'high',
      source: 'the importer’s letter',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ code: 'XTF', brands: ['testfabrik'] });
    expect((await lastAudit('bikes.manufacturer_code_added'))?.details).toMatchObject({
      code: 'XTF',
      before: null,
      after: { holder: 'Testfabrikken A/S', brands: ['testfabrik'], confidence: 'high' },
    });
    // The brand now carries its own code: a WDA frame on it looks wrong, an XTF frame does not.
    expect(await warnings('WDA 1234 Z', 'Testfabrik')).toContain('brand_prefix_mismatch');
    expect(await warnings('XTF 1234 Z', 'Testfabrik')).toEqual([]);

    const again = await call(admin, 'POST', '/api/backoffice/manufacturer-codes', {
      code: 'XTF',
      holder: 'Another',
      brands: [],
      confidence: 'low',
      source: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('manufacturer_code_exists');
  });

  it('an admin edits a code, audited before and after, and the check follows', async () => {
    const url = '/api/backoffice/manufacturer-codes/WBK';
    const before = (await call(support, 'GET', '/api/backoffice/manufacturer-codes'))
      .json()
      .find((entry: { code: string }) => entry.code === 'WBK');
    expect(await warnings('S 57 A', 'Eksempelcykel')).toEqual([]);
    const changed = await call(admin, 'PUT', url, {
      holder: before.holder,
      brands: [...before.brands, 'Eksempelcykel'],
      confidence: before.confidence,
      source: before.source,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().brands).toEqual([...before.brands, 'eksempelcykel']);
    expect((await lastAudit('bikes.manufacturer_code_changed'))?.details).toMatchObject({
      code: 'WBK',
      before: { brands: before.brands },
      after: { brands: [...before.brands, 'eksempelcykel'] },
    });
    expect(await warnings('S 57 A', 'Eksempelcykel')).toContain('brand_prefix_mismatch');
    expect(
      (
        await call(admin, 'PUT', '/api/backoffice/manufacturer-codes/QQQ', {
          holder: 'x',
          brands: [],
          confidence: 'low',
          source: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('support views but may not add or edit; people and visitors are refused; bad input is 422', async () => {
    const body = { code: 'ZZ', holder: 'Z', brands: [], confidence: 'low', source: 'z' };
    expect((await call(support, 'POST', '/api/backoffice/manufacturer-codes', body)).statusCode).toBe(403);
    expect((await call(support, 'PUT', '/api/backoffice/manufacturer-codes/WDA', body)).statusCode).toBe(403);
    expect((await call(person, 'GET', '/api/backoffice/manufacturer-codes')).statusCode).toBe(403);
    expect((await call(person, 'POST', '/api/backoffice/manufacturer-codes', body)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/backoffice/manufacturer-codes')).statusCode).toBe(401);
    expect(
      (await call(admin, 'POST', '/api/backoffice/manufacturer-codes', { ...body, code: 'W1' })).statusCode,
    ).toBe(422);
    expect(
      (await call(admin, 'POST', '/api/backoffice/manufacturer-codes', { ...body, confidence: 'sure' }))
        .statusCode,
    ).toBe(422);
  });
});
