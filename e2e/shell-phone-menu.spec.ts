import { signedInUser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { text } from './support/texts.ts';

/*
 * Issue 14.1: on a 360 px phone a visitor reaches search and the stolen-bike map from the menu, and
 * the home page's cards lead where they say. (Runs at 360 px in whichever project runs it.)
 */

test.use({ viewport: { width: 360, height: 780 } });

const menu = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: text('da', 'common', 'shell.mainNavigation') });

const menuButton = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: text('da', 'common', 'shell.openMenu'), exact: true });

test('a visitor on a phone opens search and the stolen-bike map from the menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expectNoA11yViolations(page);
  await menu(page)
    .getByRole('link', { name: text('da', 'common', 'nav.search') })
    .click();
  await expect(page).toHaveURL(/\/search$/);
  // The menu closes when the page changes.
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  await menuButton(page).click();
  await menu(page)
    .getByRole('link', { name: text('da', 'common', 'nav.stolenBikeMap') })
    .click();
  await expect(page).toHaveURL(/\/stolen-bike-map$/);
});

test('the home page cards are links to what they describe', async ({ page }) => {
  await page.goto('/');
  const features = page.getByRole('region', { name: text('da', 'content', 'home.features.heading') });
  await features.getByRole('link', { name: 'Søg i registret' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.goBack();
  await features.getByRole('link', { name: 'Kort over stjålne cykler' }).click();
  await expect(page).toHaveURL(/\/stolen-bike-map$/);
});

test.describe('in Norwegian', () => {
  test.use({ language: 'no' });

  test('the header with its menu fits a 360 px phone', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('button', { name: text('no', 'common', 'shell.openMenu'), exact: true }),
    ).toBeVisible();
    const overflow = await page.evaluate(() => {
      const header = document.querySelector('header');
      return header ? header.scrollWidth - header.clientWidth : 0;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    const right = await page
      .getByRole('banner')
      .getByRole('link', { name: text('no', 'common', 'shell.signIn') })
      .evaluate((element) => element.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(360);
  });
});

test('signed in on a public page, the phone header fits and signing out is in the menu', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/hvordan');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => {
    const header = document.querySelector('header > div');
    return header ? header.scrollWidth - header.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
  await menuButton(page).click();
  await menu(page)
    .getByRole('button', { name: text('da', 'common', 'shell.signOut') })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('banner').getByRole('link', { name: text('da', 'common', 'shell.signIn') }),
  ).toBeVisible();
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a visitor reaches the webshop and the dealer finder from the header navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // No phone menu button here: the same entries are a row of links.
    await expect(menuButton(page)).toBeHidden();
    for (const key of [
      'nav.search',
      'nav.stolenBikeMap',
      'nav.findDistributor',
      'nav.webshop',
      'nav.support',
    ]) {
      await expect(menu(page).getByRole('link', { name: text('da', 'common', key) })).toBeVisible();
    }
    await expectNoA11yViolations(page, { structure: true });
    await menu(page)
      .getByRole('link', { name: text('da', 'common', 'nav.webshop') })
      .click();
    await expect(page).toHaveURL(/\/webshop$/);
    await menu(page)
      .getByRole('link', { name: text('da', 'common', 'nav.findDistributor') })
      .click();
    await expect(page).toHaveURL(/\/find-distributor$/);
  });
});
