import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';
import { fillText, text } from './support/texts.ts';

/*
 * /find-distributor (issue 17 §3): a visitor on a phone opens it from the menu, searches a town and
 * finds the dealer staff listed there, in the list and as a marker on the map that leads to it. An
 * unlisted dealer in the same town is not shown. (Runs at 360 px in whichever project runs it.)
 */

test.use({ viewport: { width: 360, height: 780 } });

const d = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'distributors', key), values);

/** A fresh valid Danish CVR number (weights 2765432 1, sum divisible by 11). */
function uniqueCvr(): string {
  for (;;) {
    const digits = [
      1 + Math.floor(Math.random() * 9),
      ...Array.from({ length: 6 }, () => Math.floor(Math.random() * 10)),
    ];
    const sum = digits.reduce(
      (total, digit, index) => total + digit * ([2, 7, 6, 5, 4, 3, 2][index] ?? 0),
      0,
    );
    const check = (11 - (sum % 11)) % 11;
    if (check < 10) return [...digits, check].join('');
  }
}

/** A dealer created and placed by the demo admin through the backoffice API. */
async function dealerViaApi(
  request: APIRequestContext,
  name: string,
  options: { listed: boolean },
): Promise<void> {
  const staff = await demoSessionToken(request, 'staff@demo.cykelregister.dk');
  const headers = { authorization: `Bearer ${staff}` };
  const created = await request.post('/api/backoffice/organisations', {
    headers,
    data: {
      name,
      type: 'dealer',
      region: 'dk',
      registration_number: uniqueCvr(),
      admin_email: uniqueEmail('dealer'),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { party_id: id } = (await created.json()) as { party_id: string };
  const placed = await request.patch(`/api/backoffice/organisations/${id}`, {
    headers,
    data: {
      street_address: 'Havnegade 1',
      postcode: '3730',
      town: 'Nexø',
      latitude: 55.06,
      longitude: 15.13,
      phone: '56 49 00 00',
      listed_as_distributor: options.listed,
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
}

function menuButton(page: Page) {
  return page.getByRole('button', { name: text('da', 'common', 'shell.openMenu'), exact: true });
}

test('a visitor finds a dealer by town from the menu, in the list and on the map', async ({ page }) => {
  const run = String(Date.now()).slice(-6);
  const listed = `Nexø Cykler ${run}`;
  const hidden = `Skjulte Cykler ${run}`;
  await dealerViaApi(page.request, listed, { listed: true });
  await dealerViaApi(page.request, hidden, { listed: false });

  await page.goto('/');
  await menuButton(page).click();
  await page
    .getByRole('navigation', { name: text('da', 'common', 'shell.mainNavigation') })
    .getByRole('link', { name: text('da', 'common', 'nav.findDistributor') })
    .click();
  await expect(page).toHaveURL(/\/find-distributor$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d('title'));

  await page.getByRole('searchbox', { name: d('searchLabel') }).fill('Nexø');
  await expect(page).toHaveURL(/query=Nex/);
  const list = page.getByRole('list', { name: d('listLabel') });
  const dealer = list.getByRole('listitem', { name: listed });
  await expect(dealer).toBeVisible();
  await expect(dealer).toContainText('Havnegade 1');
  await expect(dealer.getByRole('link', { name: '56 49 00 00' })).toHaveAttribute('href', 'tel:56490000');
  await expect(list.getByRole('listitem', { name: hidden })).toHaveCount(0);

  // The map shows the dealer; its marker leads to the dealer in the list.
  const map = page.getByTestId('distributor-map');
  await expect(map.locator('canvas')).toBeVisible();
  await map.getByRole('button', { name: d('markerLabel', { name: listed, town: 'Nexø' }) }).click();
  await expect(dealer).toBeFocused();
  await expectNoA11yViolations(page);

  await page.getByRole('searchbox', { name: d('searchLabel') }).fill(`Ingen by ${run}`);
  await expect(
    page.getByRole('status').filter({ hasText: d('none', { query: `Ingen by ${run}` }) }),
  ).toBeVisible();
});
