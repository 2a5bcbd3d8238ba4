import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { actingSession, DEMO_INSURER, DEMO_INSURER_USER } from './support/organisations.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 16 §2: a holder whose policy covers one bike registers another and insures it from the
 * hub — first making room for one more bike (the premium follows the tariff), then choosing it;
 * the register-bike questions for insured bikes then point them to that policy.
 */

test.use({ language: 'no' });

const t = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('no', 'insurance-hub', key), values);

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a holder puts a second bike on their policy from the hub @phone', async ({ page }) => {
  const request = page.request;
  const insurer = await actingSession(request, DEMO_INSURER_USER, DEMO_INSURER);
  const holder = await signUpViaApi(request, { language: 'no', region: 'no' });
  const first = await registerBikeViaApi(request, holder, 'Bysykkel');
  const second = await registerBikeViaApi(request, holder, 'Racer');
  const applied = await request.post('/api/insurance/policies/', {
    headers: { Authorization: `Bearer ${holder.token}` },
    data: {
      insurer_party_id: insurer.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      bike_ids: [first.bikeId],
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const policyId = ((await applied.json()) as { id: string }).id;

  await signInBrowser(page, holder.token);
  await page.goto(`/insurance/${insurer.partyId}/policy/${policyId}/hub`);
  await expect(heading(page)).toHaveText(t('hub.title', { insurer: DEMO_INSURER }));
  await expect(page.getByText(t('addBike.full', { count: 1 }))).toBeVisible();
  await page.getByRole('button', { name: t('addBike.makeRoom', { count: 2 }) }).click();
  await expect(page.getByText(t('addBike.lead', { free: 1 }))).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: t('addBike.add') }).click();
  await expect(page.getByText(t('addBike.added', { name: second.nickname, count: 2 }))).toBeVisible();
  await expect(page.getByText(t('addBike.noOtherBikes'))).toBeVisible();
  await expect(
    page.getByRole('heading', { name: second.nickname }).or(page.getByText(second.nickname).first()),
  ).toBeVisible();
});
