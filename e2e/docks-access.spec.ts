import { randomInt } from 'node:crypto';
import { signInBrowser, verifiedAccountViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { nextCvr, vettedOrganisationViaApi } from './support/organisations.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * Issue 28, who may use a dock: a municipality's dock operator lets the members of a housing
 * association it does not belong to use a new dock, finding the association by name in the dock's
 * form, at 360 px too. The organisations are made through the API; only the form is the journey.
 */

const d = (key: string, values?: Record<string, string | number>) =>
  fillText(text('da', 'docks', key), values);

test('a dock operator finds another organisation by name and lets its members use a dock', async ({
  page,
  request,
}) => {
  const number = randomInt(10_000, 99_999);
  const municipality = await vettedOrganisationViaApi(request, 'municipality', `Roskilde Kommune ${number}`);
  const housingAdmin = await verifiedAccountViaApi(request, 'housing-admin');
  const housingName = `Boligforeningen Ågården ${number}`;
  const created = await request.post('/api/organisations', {
    headers: { authorization: `Bearer ${housingAdmin.token}` },
    data: { name: housingName, type: 'business', region: 'dk', registration_number: nextCvr() },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signInBrowser(page, municipality.member.token);
  await page.goto('/app/docks/operate/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d('form.newTitle'));
  const dockName = `Ågården ${number}`;
  await page.getByRole('textbox', { name: d('form.name') }).fill(dockName);
  await page.getByRole('textbox', { name: d('form.streetAddress') }).fill('Ågade 2');
  await page.getByRole('textbox', { name: d('form.postcode') }).fill('4000');
  await page.getByRole('textbox', { name: d('form.town') }).fill('Roskilde');
  await page.getByRole('textbox', { name: d('form.latitude') }).fill('55,6415');
  await page.getByRole('textbox', { name: d('form.longitude') }).fill('12,0803');
  await page
    .getByRole('radio', { name: new RegExp(escapeRegExp(d('access.organisations'))) })
    .check({ force: true });

  // Part of the name, in other letters' case, finds it.
  await page
    .getByRole('searchbox', { name: new RegExp(escapeRegExp(d('organisationSearch.label'))) })
    .fill(`ågården ${number}`);
  const results = page.getByRole('list', { name: d('organisationSearch.results') });
  await page.getByRole('button', { name: d('organisationSearch.addLabel', { name: housingName }) }).click();
  await expect(page.getByRole('checkbox', { name: housingName })).toBeChecked();
  await expect(results.getByText(d('organisationSearch.chosen'))).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: d('form.create') }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dockName);
  await page.getByRole('link', { name: d('operate.edit'), exact: true }).click();
  await expect(page.getByRole('checkbox', { name: housingName })).toBeChecked();

  // The association's members may use the dock now.
  const docks = await request.get('/api/docks', {
    headers: { authorization: `Bearer ${housingAdmin.token}` },
  });
  expect(JSON.stringify(await docks.json())).toContain(dockName);
});
