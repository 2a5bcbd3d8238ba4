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

const call = (token: string | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, token, method, url, payload);

const lastAudit = (action: string) => latestAuditEvent(t.app.db, action);

const text = {
  heading: 'Vores mission',
  lead: 'Et register for alle.',
  body: '## Hvorfor\n\nSkriv til kontakt@example.dk.\n\n- Færre tyverier',
};

describe('content page texts (/v2/diverse)', () => {
  it('an admin stores a page’s text, the public reads it (cacheable) and staff list it; audited before and after', async () => {
    const url = '/api/backoffice/content-pages/our-mission/da';
    const publicUrl = '/api/content-pages/our-mission/da';
    const builtIn = await call(null, 'GET', publicUrl);
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.json()).toEqual({ text: null });

    const saved = await call(admin, 'PUT', url, text);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ page: 'our-mission', language: 'da', ...text });
    expect((await lastAudit('content.page_text_changed'))?.details).toMatchObject({
      page: 'our-mission',
      language: 'da',
      before: null,
      after: text,
    });

    const stored = await call(null, 'GET', publicUrl);
    expect(stored.json().text).toMatchObject(text);
    expect(stored.headers['cache-control']).toBe('public, max-age=60');
    // Another language is untouched: it keeps the built-in text.
    expect((await call(null, 'GET', '/api/content-pages/our-mission/no')).json()).toEqual({ text: null });

    const changed = await call(admin, 'PUT', url, { ...text, lead: 'Nyt indledende afsnit.' });
    expect(changed.json().lead).toBe('Nyt indledende afsnit.');
    expect((await lastAudit('content.page_text_changed'))?.details).toMatchObject({
      before: { lead: text.lead },
      after: { lead: 'Nyt indledende afsnit.' },
    });

    const list = await call(support, 'GET', '/api/backoffice/content-pages');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(expect.objectContaining({ page: 'our-mission', language: 'da' }));
  });

  it('reset brings back the built-in text, audited with the text before', async () => {
    const url = '/api/backoffice/content-pages/privacy/en';
    await call(admin, 'PUT', url, text);
    const reset = await call(admin, 'DELETE', url);
    expect(reset.statusCode).toBe(204);
    expect((await call(null, 'GET', '/api/content-pages/privacy/en')).json()).toEqual({ text: null });
    expect((await lastAudit('content.page_text_reset'))?.details).toMatchObject({
      page: 'privacy',
      language: 'en',
      before: text,
      after: null,
    });
  });

  it('support views but may not edit or reset; people and visitors are refused; bad input is 422', async () => {
    const url = '/api/backoffice/content-pages/terms/no';
    expect((await call(support, 'PUT', url, text)).statusCode).toBe(403);
    expect((await call(support, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(person, 'GET', '/api/backoffice/content-pages')).statusCode).toBe(403);
    expect((await call(person, 'PUT', url, text)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/backoffice/content-pages')).statusCode).toBe(401);
    expect((await call(null, 'PUT', url, text)).statusCode).toBe(401);
    expect((await call(admin, 'PUT', url, { ...text, heading: ' ' })).statusCode).toBe(422);
    expect((await call(admin, 'PUT', '/api/backoffice/content-pages/home/da', text)).statusCode).toBe(422);
    expect((await call(null, 'GET', '/api/content-pages/terms/sv')).statusCode).toBe(422);
  });
});
