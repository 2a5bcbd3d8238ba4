import type { APIRequestContext } from '@playwright/test';
import { signInBrowser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Region pages (issue 29 §3): staff write and publish /dk/cykeldag in the backoffice (a draft, its
 * preview, publish, unpublish); a visitor on a phone reads a region page in Danish and follows its
 * link inside the app, reads /no in Norwegian, and an unpublished or unknown page is the 404 page
 * with status 404.
 */

const ADMIN_EMAIL = 'staff@demo.cykelregister.dk';
const rp = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'region-pages', key), values);

interface StaffPage {
  id: string;
  address: string;
}

/** A run that stopped half-way may have left the page: start without it. */
async function deletePage(request: APIRequestContext, token: string, address: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const pages = (await (
    await request.get('/api/backoffice/region-pages', { headers })
  ).json()) as StaffPage[];
  for (const page of pages.filter((candidate) => candidate.address === address)) {
    await request.delete(`/api/backoffice/region-pages/${page.id}`, { headers });
  }
}

/** A published Danish page below /dk, set up through the API (the visitor's journey is not about it). */
async function publishedPage(request: APIRequestContext, path: string, body: string) {
  const token = await demoSessionToken(request, ADMIN_EMAIL);
  const headers = { Authorization: `Bearer ${token}` };
  await deletePage(request, token, `/dk/${path}`);
  const created = await request.post('/api/backoffice/region-pages', {
    headers,
    data: { region: 'dk', path },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as StaffPage;
  const draft = { title: 'Cykeldag på Rådhuspladsen', description: 'Få din cykel registreret.', body };
  expect(
    (await request.put(`/api/backoffice/region-pages/${id}/texts/da/draft`, { headers, data: draft })).ok(),
  ).toBe(true);
  expect((await request.post(`/api/backoffice/region-pages/${id}/texts/da/publish`, { headers })).ok()).toBe(
    true,
  );
}

test('staff write /dk/cykeldag with a preview, publish it, and unpublish it again', async ({ page }) => {
  const token = await demoSessionToken(page.request, ADMIN_EMAIL);
  await deletePage(page.request, token, '/dk/cykeldag');
  const title = `Cykeldag ${Date.now()}`;

  await signInBrowser(page, token);
  await page.goto('/backoffice/v2');
  await page.getByRole('link', { name: text('da', 'backoffice-ops', 'v2.regionPages.link') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rp('staff.title'));

  // A path staff cannot use is refused with the reason.
  const create = page.getByRole('form', { name: rp('staff.create.title') });
  const pathField = create.getByRole('textbox', { name: rp('staff.create.path') });
  await pathField.fill('cykel dag');
  await create.getByRole('button', { name: rp('staff.create.submit') }).click();
  await expect(create.getByRole('alert').first()).toContainText(
    text('da', 'common', 'validation.region_page_path_invalid'),
  );

  await pathField.fill('cykeldag');
  await expect(create.getByText(rp('staff.create.address', { address: '/dk/cykeldag' }))).toBeVisible();
  await create.getByRole('button', { name: rp('staff.create.submit') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('/dk/cykeldag');

  const form = page.getByRole('form', { name: rp('staff.languages.da') });
  await form.getByRole('textbox', { name: rp('staff.edit.titleField') }).fill(title);
  await form
    .getByRole('textbox', { name: rp('staff.edit.description') })
    .fill('Kom og få din cykel registreret.');
  await form
    .getByRole('textbox', { name: rp('staff.edit.body') })
    .fill(
      '## Program\n\nKl. 10–16 på Rådhuspladsen.\n\n- [Find en forhandler](/find-distributor)\n- [Webshoppen](/webshop?region=dk)',
    );
  const preview = page.getByTestId('region-page-preview');
  await expect(preview).toContainText(title);
  await expect(preview.getByRole('heading', { name: 'Program' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Find en forhandler' })).toHaveAttribute(
    'href',
    '/find-distributor',
  );

  // Publishing what is not saved yet is refused; saving keeps visitors away until it is published.
  await form.getByRole('button', { name: rp('staff.edit.publish') }).click();
  await expect(page.getByText(rp('staff.edit.unsaved'))).toBeVisible();
  await form.getByRole('button', { name: rp('staff.edit.save') }).click();
  await expect(page.getByText(rp('staff.edit.saved'))).toBeVisible();
  expect((await page.request.get('/api/region-pages/dk/cykeldag?language=da')).status()).toBe(404);
  await expectNoA11yViolations(page);

  await form.getByRole('button', { name: rp('staff.edit.publish') }).click();
  await expect(page.getByText(rp('staff.edit.published'))).toBeVisible();
  await expect(page.getByTestId('region-page-state')).toContainText(
    rp('staff.edit.publishedAt', { date: '' })
      .replace(/\s*\.$/, '')
      .trim(),
  );
  const published = await page.request.get('/api/region-pages/dk/cykeldag?language=da');
  expect(((await published.json()) as { title: string }).title).toBe(title);

  // The list shows the page with its languages' states.
  await page.getByRole('link', { name: rp('staff.edit.back') }).click();
  const editLink = page.getByRole('link', {
    name: rp('staff.list.edit', { address: '/dk/cykeldag' }),
    exact: true,
  });
  const item = page.getByRole('listitem').filter({ has: editLink });
  await expect(
    item.getByText(
      rp('staff.list.languageStatus', {
        language: rp('staff.languages.da'),
        status: rp('staff.status.published'),
      }),
    ),
  ).toBeVisible();
  await editLink.click();

  await page.getByRole('button', { name: rp('staff.edit.unpublish') }).click();
  await expect(page.getByText(rp('staff.edit.unpublished'))).toBeVisible();
  const gone = await page.goto('/dk/cykeldag');
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('da', 'common', 'notFound.title'));
});

test('a visitor reads a region page in Danish and its links stay in the app; an unknown page is the 404 page @phone', async ({
  page,
}) => {
  await publishedPage(
    page.request,
    'cykeldag-mobil',
    '## Program\n\nKl. 10–16.\n\n- [Find en forhandler](/find-distributor)\n- [Webshoppen](/webshop?region=dk)',
  );
  const response = await page.goto('/dk/cykeldag-mobil');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cykeldag på Rådhuspladsen');
  await expect(page.getByText('Få din cykel registreret.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Program' })).toBeVisible();
  await expectNoA11yViolations(page);

  // An internal link navigates inside the app: no new document is loaded.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole('link', { name: 'Webshoppen' }).click();
  await expect(page).toHaveURL(/\/webshop\?region=dk$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  for (const address of ['/dk/findes-ikke', '/no/naf']) {
    const missing = await page.goto(address);
    expect(missing?.status(), address).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('da', 'common', 'notFound.title'));
  }
});

test.describe('in Norwegian', () => {
  test.use({ language: 'no' });

  test('a visitor opens /no and reads the Norwegian landing page @phone', async ({ page }) => {
    const response = await page.goto('/no');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('no', 'region-pages', 'landing.no.title'),
    );
    await expect(page.getByRole('link', { name: 'Finn en forhandler' })).toHaveAttribute(
      'href',
      '/find-distributor',
    );
    await expect(page.getByRole('link', { name: /nettbutikken/ })).toHaveAttribute(
      'href',
      '/webshop?region=no',
    );
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Finn en forhandler' }).click();
    await expect(page).toHaveURL(/\/find-distributor$/);
  });
});
