import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestAuditEvent } from '../../test/audit-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser } from '../../test/identity-helpers.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';

const INDEX = '<!doctype html><html lang="da"><body><div id="root"></div></body></html>';

let t: TestApp;
let dist: string;
let admin: string;
let support: string;
let person: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'nbr-region-pages-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  // The build's manifest: /dk and /no are the web app's screens; /dk/* is answered from the data.
  await writeFile(
    path.join(dist, 'route-manifest.json'),
    JSON.stringify({ routes: ['/', '/dk', '/no', '/webshop'] }),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  const staff = await createStaffFixtures(t.app);
  admin = staff.admin.token;
  support = staff.support.token;
  person = (await signUpUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: object) =>
  injectAs(t.app, token, method, url, payload);
const lastAudit = (action: string) => latestAuditEvent(t.app.db, action);
const navigate = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

const danish = {
  title: 'Cykeldag 2027',
  description: 'Få din cykel registreret gratis.',
  body: '## Program\n\nKom forbi og [registrér din cykel](/signup).\n\n- [Webshop](/webshop?region=dk)',
};

async function createPage(region: string, pagePath: string): Promise<string> {
  const created = await call(admin, 'POST', '/api/backoffice/region-pages', { region, path: pagePath });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

describe('region pages (issue 29 §3)', () => {
  it('staff create a page, save a draft, preview it, publish it; visitors read only what is published; audited', async () => {
    const id = await createPage('dk', 'cykeldag');
    expect((await lastAudit('region_page.created'))?.details).toMatchObject({
      page_id: id,
      region: 'dk',
      path: 'cykeldag',
    });
    // Created but not published: not there for visitors, nor for the server's status.
    expect((await call(null, 'GET', '/api/region-pages/dk/cykeldag')).json()).toMatchObject({
      code: 'region_page_not_found',
    });
    expect((await navigate('/dk/cykeldag')).statusCode).toBe(404);

    const saved = await call(admin, 'PUT', `/api/backoffice/region-pages/${id}/texts/da/draft`, danish);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ address: '/dk/cykeldag' });
    expect(saved.json().texts.map((text: { language: string }) => text.language)).toEqual(['da', 'en', 'no']);
    expect(saved.json().texts[0]).toMatchObject({ language: 'da', draft: danish, published: null });
    expect((await lastAudit('region_page.draft_saved'))?.details).toMatchObject({
      page_id: id,
      language: 'da',
      before: null,
      after: danish,
    });
    // The preview is the staff read of the page: support may read the draft too.
    const preview = await call(support, 'GET', `/api/backoffice/region-pages/${id}`);
    expect(preview.json().texts[0]).toMatchObject({ language: 'da', draft: danish, published: null });
    expect((await call(null, 'GET', '/api/region-pages/dk/cykeldag')).statusCode).toBe(404);

    const published = await call(admin, 'POST', `/api/backoffice/region-pages/${id}/texts/da/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().texts[0]).toMatchObject({ published: danish });
    expect((await lastAudit('region_page.published'))?.details).toMatchObject({
      language: 'da',
      before: null,
      after: danish,
    });

    const visitor = await call(null, 'GET', '/api/region-pages/dk/cykeldag?language=da');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('public, max-age=60');
    expect(visitor.json()).toMatchObject({ region: 'dk', path: 'cykeldag', language: 'da', ...danish });
    expect((await navigate('/dk/cykeldag')).statusCode).toBe(200);
    expect((await navigate('/dk/cykeldag/')).body).toBe(INDEX);

    // A new draft leaves the published text as it is until it is published.
    await call(admin, 'PUT', `/api/backoffice/region-pages/${id}/texts/da/draft`, {
      ...danish,
      title: 'Ny titel',
    });
    expect((await call(null, 'GET', '/api/region-pages/dk/cykeldag')).json().title).toBe('Cykeldag 2027');

    const list = await call(support, 'GET', '/api/backoffice/region-pages');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(expect.objectContaining({ id, region: 'dk', path: 'cykeldag' }));
  });

  it('a visitor reads their language, else the region’s own; none published is 404', async () => {
    const id = await createPage('no', 'naf/medlem');
    const norwegian = { title: 'NAF-medlem', description: '', body: 'Medlemspris for NAF.' };
    await call(admin, 'PUT', `/api/backoffice/region-pages/${id}/texts/no/draft`, norwegian);
    await call(admin, 'PUT', `/api/backoffice/region-pages/${id}/texts/en/draft`, {
      ...norwegian,
      title: 'NAF member',
    });
    expect((await call(null, 'GET', '/api/region-pages/no/naf/medlem?language=en')).statusCode).toBe(404);
    await call(admin, 'POST', `/api/backoffice/region-pages/${id}/texts/no/publish`);

    // English has a draft only, Danish nothing: both read the Norwegian text.
    for (const language of ['en', 'da']) {
      const page = await call(null, 'GET', `/api/region-pages/no/naf/medlem?language=${language}`);
      expect(page.json(), language).toMatchObject({ language: 'no', title: 'NAF-medlem', description: '' });
    }
    await call(admin, 'POST', `/api/backoffice/region-pages/${id}/texts/en/publish`);
    expect((await call(null, 'GET', '/api/region-pages/no/naf/medlem?language=en')).json()).toMatchObject({
      language: 'en',
      title: 'NAF member',
    });
    expect((await navigate('/no/naf/medlem')).statusCode).toBe(200);

    // Unpublishing the region's own language leaves English; unpublishing that too makes it 404.
    const unpublished = await call(admin, 'POST', `/api/backoffice/region-pages/${id}/texts/no/unpublish`);
    expect(unpublished.json().texts[2]).toMatchObject({ language: 'no', draft: norwegian, published: null });
    expect((await lastAudit('region_page.unpublished'))?.details).toMatchObject({
      language: 'no',
      before: norwegian,
      after: null,
    });
    expect((await call(null, 'GET', '/api/region-pages/no/naf/medlem?language=da')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/region-pages/no/naf/medlem?language=en')).statusCode).toBe(200);
    await call(admin, 'POST', `/api/backoffice/region-pages/${id}/texts/en/unpublish`);
    expect((await call(null, 'GET', '/api/region-pages/no/naf/medlem')).statusCode).toBe(404);
    expect((await navigate('/no/naf/medlem')).statusCode).toBe(404);
  });

  it('the landing pages: /dk and /no are always there (the web app has a built-in text), staff may publish their own', async () => {
    expect((await navigate('/dk')).statusCode).toBe(200);
    expect((await navigate('/no/')).statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/region-pages/no')).json()).toMatchObject({
      code: 'region_page_not_found',
    });
    const id = await createPage('no', '');
    await call(admin, 'PUT', `/api/backoffice/region-pages/${id}/texts/no/draft`, {
      title: 'Sykkelregisteret i Norge',
      description: 'Registrer sykkelen din.',
      body: 'Velkommen.',
    });
    await call(admin, 'POST', `/api/backoffice/region-pages/${id}/texts/no/publish`);
    expect((await call(null, 'GET', '/api/region-pages/no')).json()).toMatchObject({
      region: 'no',
      path: '',
      title: 'Sykkelregisteret i Norge',
    });
  });

  it('unknown regions and pages are 404, for the API and the server', async () => {
    for (const url of [
      '/api/region-pages/se',
      '/api/region-pages/dk/nowhere',
      '/api/region-pages/dk/Bad_Path',
    ]) {
      const response = await call(null, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('region_page_not_found');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/dk/nowhere', '/no/naf', '/dk/Bad_Path', '/se/cykeldag', '/DK']) {
      const response = await navigate(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(INDEX);
    }
    // Another first segment is not a region page's: the manifest (and flows) decide.
    expect((await navigate('/webshop')).statusCode).toBe(200);
  });

  it('a path that is taken is 409, a malformed one 422 with a translated message; publishing without a draft is 409', async () => {
    const id = await createPage('dk', 'kampagne-2027/aarhus');
    const taken = await call(admin, 'POST', '/api/backoffice/region-pages', {
      region: 'dk',
      path: 'kampagne-2027/aarhus',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('region_page_taken');
    // The same path in the other region is another page.
    await createPage('no', 'kampagne-2027/aarhus');

    for (const bad of ['Naf', 'naf/', '/naf', 'naf//x', 'naf_x', 'a'.repeat(121)]) {
      const response = await injectAs(t.app, admin, 'POST', '/api/backoffice/region-pages', {
        region: 'dk',
        path: bad,
      });
      expect(response.statusCode, bad).toBe(422);
    }
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/region-pages',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'da' },
      payload: { region: 'dk', path: 'Cykel Dag' },
    });
    expect(invalid.json().detail).toEqual([
      {
        loc: ['body', 'path'],
        msg: 'Skriv adressen med små bogstaver, tal og bindestreger, fx cykeldag-2027 eller naf/medlem.',
        type: 'region_page_path_invalid',
      },
    ]);
    expect(
      (await call(admin, 'POST', '/api/backoffice/region-pages', { region: 'se', path: 'x' })).statusCode,
    ).toBe(422);
    expect(
      (
        await call(admin, 'PUT', `/api/backoffice/region-pages/${id}/texts/da/draft`, {
          ...danish,
          title: ' ',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await call(admin, 'PUT', `/api/backoffice/region-pages/${id}/texts/sv/draft`, danish)).statusCode,
    ).toBe(422);

    const noDraft = await call(admin, 'POST', `/api/backoffice/region-pages/${id}/texts/en/publish`);
    expect(noDraft.statusCode).toBe(409);
    expect(noDraft.json().code).toBe('region_page_no_draft');
    for (const unknown of ['not-a-uuid', '019ac15e-0000-7000-8000-000000000000']) {
      expect((await call(support, 'GET', `/api/backoffice/region-pages/${unknown}`)).statusCode).toBe(404);
    }
  });

  it('delete removes the page and its texts, audited with what it held', async () => {
    const id = await createPage('dk', 'slettes');
    await call(admin, 'PUT', `/api/backoffice/region-pages/${id}/texts/da/draft`, danish);
    await call(admin, 'POST', `/api/backoffice/region-pages/${id}/texts/da/publish`);
    expect((await call(null, 'GET', '/api/region-pages/dk/slettes')).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/backoffice/region-pages/${id}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', '/api/region-pages/dk/slettes')).statusCode).toBe(404);
    expect((await call(support, 'GET', `/api/backoffice/region-pages/${id}`)).statusCode).toBe(404);
    expect((await lastAudit('region_page.deleted'))?.details).toMatchObject({
      page_id: id,
      path: 'slettes',
      before: expect.arrayContaining([expect.objectContaining({ language: 'da', published: danish })]),
      after: null,
    });
    // The address is free again.
    await createPage('dk', 'slettes');
  });

  it('support reads but may not change; people and visitors are refused', async () => {
    const id = await createPage('dk', 'kun-staff');
    const base = `/api/backoffice/region-pages/${id}`;
    for (const [method, url, payload] of [
      ['POST', '/api/backoffice/region-pages', { region: 'dk', path: 'x' }],
      ['PUT', `${base}/texts/da/draft`, danish],
      ['POST', `${base}/texts/da/publish`, undefined],
      ['POST', `${base}/texts/da/unpublish`, undefined],
      ['DELETE', base, undefined],
    ] as const) {
      expect((await call(support, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(person, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call(person, 'GET', '/api/backoffice/region-pages')).statusCode).toBe(403);
    expect((await call(null, 'GET', base)).statusCode).toBe(401);
  });
});
