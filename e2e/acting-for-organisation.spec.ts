import type { Page } from '@playwright/test';
import { signInBrowser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { actingSession, DEMO_INSURER, DEMO_INSURER_USER, DEMO_PASSWORD } from './support/organisations.ts';
import { text } from './support/texts.ts';

/*
 * A session that acts for an organisation says so everywhere in the signed-in area: a banner with
 * the organisation's name and the way back, and the sidebar's signed-in line. An insurer's session
 * gets the insurer admin entry in the sidebar. The demo seed provides the accounts.
 */

const t = (namespace: string, key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (message, [name, value]) => message.replaceAll(`{{${name}}}`, value),
    text('da', namespace, key),
  );

const ANNA = 'anna@demo.cykelregister.dk';
const BUSINESS = 'Demo Cykler ApS';

function actingBanner(page: Page) {
  return page.getByRole('status').filter({ hasText: t('common', 'actingFor.back') });
}

function accountMenu(page: Page) {
  return page.getByRole('navigation', { name: t('common', 'shell.appNavigation') });
}

async function logInOnScreen(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(email);
  await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('auth', 'login.submit') }).click();
}

test('acting for an organisation shows its name in a banner and the sidebar, until back to the own profile', async ({
  page,
}) => {
  await logInOnScreen(page, ANNA);
  await expect(page).toHaveURL(/\/app$/);
  await expect(actingBanner(page)).toHaveCount(0);

  await page.goto('/app/organisations');
  await page.getByRole('button', { name: t('organisations', 'list.actAs', { name: BUSINESS }) }).click();
  // Acting for it starts on the organisation's own page, not the person's overview.
  await expect(page).toHaveURL(/\/app\/organisations\/[^/]+\/members$/);

  const banner = actingBanner(page);
  await expect(banner).toContainText(t('common', 'actingFor.banner', { organisation: BUSINESS }));
  await page.goto('/app');
  await expect(banner).toContainText(t('common', 'actingFor.banner', { organisation: BUSINESS }));
  await expect(accountMenu(page)).toContainText(
    t('common', 'shell.signedInAsFor', { email: ANNA, organisation: BUSINESS }),
  );
  await expectNoA11yViolations(page);

  // On a phone the banner fits the width and the page does not scroll sideways. (In this test, not a
  // @phone one: Anna's default organisation is shared state, so her journeys must not run at once.)
  await page.setViewportSize({ width: 360, height: 740 });
  const box = await banner.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(361);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(banner.getByRole('button', { name: t('common', 'actingFor.back') })).toBeInViewport();
  await expectNoA11yViolations(page);

  await banner.getByRole('button', { name: t('common', 'actingFor.back') }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(actingBanner(page)).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(accountMenu(page)).toContainText(t('common', 'shell.signedInAs', { email: ANNA }));
  // The way back is remembered: a reload still acts for Anna herself.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(actingBanner(page)).toHaveCount(0);
});

test("an insurer's business user finds the insurer admin in the sidebar", async ({ page }) => {
  const { token, partyId } = await actingSession(page.request, DEMO_INSURER_USER, DEMO_INSURER);
  await signInBrowser(page, token);
  await page.goto('/app');
  await expect(actingBanner(page)).toContainText(
    t('common', 'actingFor.banner', { organisation: DEMO_INSURER }),
  );
  const entry = accountMenu(page).getByRole('link', { name: t('common', 'nav.insurerAdmin') });
  await expect(entry).toHaveAttribute('href', `/insurance/${partyId}/admin`);
  await expectNoA11yViolations(page);
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/insurance/${partyId}/admin$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO_INSURER);
  await expect(entry).toHaveAttribute('aria-current', 'page');
});
