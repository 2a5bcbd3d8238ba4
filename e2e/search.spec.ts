import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { logInViaApi, signInBrowser, signUpViaApi, TEST_PASSWORD } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { freeSticker, grantCredits } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { text } from './support/texts.ts';
import { reportStolenViaApi } from './support/theft.ts';

/*
 * Issue 4, done when: register a bike with a frame number and a plate → upload its public picture
 * → edit it → a visitor finds it by the frame number typed with look-alike characters → its
 * public page. Also the no-result state, search by plate, and the query living in the address; and
 * (issue 27) why a too short search finds nothing, and a stolen bike's contact without an account.
 *
 * Every test sets its bike up through the API, as this file is about what a searcher sees; the
 * owner's screens for registering, adding the picture and editing are bikes.spec.ts's journey.
 */

const t = (namespace: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (result, [name, value]) => result.replaceAll(`{{${name}}}`, String(value)),
    text('da', namespace, key),
  );

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** A frame number of this run that holds a 1 and a 0, so it can be typed with I and O instead. */
function frameNumber(): { registered: string; lookAlike: string } {
  const digits = Array.from({ length: 6 }, () => String(randomInt(2, 10)).replace('5', '7')).join('');
  const registered = `WDA${digits}10K`;
  return { registered, lookAlike: registered.replace('10K', 'IOK') };
}

/** A picture of a bike: an SVG drawn by the browser, photographed as a PNG. */
async function bikePicture(page: Page): Promise<Buffer> {
  const studio = await page.context().newPage();
  await studio.setViewportSize({ width: 800, height: 600 });
  await studio.setContent(`<body style="margin:0;background:#cfe8f3">
    <svg width="800" height="600" viewBox="0 0 800 600" xmlns="http://www.w3.org/2000/svg">
      <rect y="430" width="800" height="170" fill="#7bb36a"/>
      <g fill="none" stroke="#1a5e3a" stroke-width="14" stroke-linecap="round" stroke-linejoin="round">
        <circle cx="220" cy="400" r="110"/><circle cx="580" cy="400" r="110"/>
        <path d="M220 400 330 220h190l60 180M330 220l-30-60h-60m220 60-100 180H220"/>
        <path d="M520 220l-20-60h50"/>
      </g>
    </svg></body>`);
  const picture = await studio.screenshot({ type: 'png' });
  await studio.close();
  return picture;
}

interface RegisteredBike {
  bikeId: string;
  owner: { email: string; token: string };
  frame: { registered: string; lookAlike: string };
  plate: string;
}

/** The owner's part: sign up, get a registration and a sticker, register, add a picture, edit. */
async function registerBike(page: Page): Promise<RegisteredBike> {
  const request = page.request;
  const owner = await signUpViaApi(request);
  await grantCredits(request, owner.email);
  const plate = await freeSticker(request);
  const frame = frameNumber();
  const auth = { Authorization: `Bearer ${owner.token}` };

  const created = await request.post('/api/bikes/', {
    headers: auth,
    data: {
      nickname: 'Min pendlercykel',
      frame_number: frame.registered,
      plate_id: plate,
      brand: 'Kildemoes',
      category: 'city',
      color: 'blue',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { bike_id: bikeId } = (await created.json()) as { bike_id: string };

  const picture = await request.post(`/api/bikes/${bikeId}/pictures`, {
    headers: auth,
    multipart: {
      kind: 'public',
      file: { name: 'bike.png', mimeType: 'image/png', buffer: await bikePicture(page) },
    },
  });
  expect(picture.status(), await picture.text()).toBe(201);

  const edited = await request.patch(`/api/bikes/${bikeId}/`, {
    headers: auth,
    data: { model: 'City Star', color: 'green' },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  return { bikeId, owner, frame, plate };
}

async function search(page: Page, query: string): Promise<void> {
  await page.getByRole('searchbox', { name: t('search', 'field.label') }).fill(query);
  await page.getByRole('button', { name: t('search', 'submit'), exact: true }).click();
}

test.describe('search the register', () => {
  test('a visitor finds a bike by its frame number typed with look-alike characters, and opens its page @phone', async ({
    page,
  }) => {
    test.slow();
    const bike = await registerBike(page);

    // A visitor: the search page, from the desktop navigation where there is one.
    await page.goto('/');
    const navLink = page
      .getByRole('navigation', { name: t('common', 'shell.mainNavigation') })
      .getByRole('link', { name: t('common', 'nav.search') });
    if (await navLink.isVisible()) await navLink.click();
    else await page.goto('/search');
    await expect(page).toHaveURL(/\/search$/);
    await expect(heading(page)).toHaveText(t('search', 'title'));
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'search-empty');

    // Typed with I and O for 1 and 0: found anyway, labelled as a look-alike with the real number.
    await search(page, bike.frame.lookAlike.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`[?&]q=${bike.frame.lookAlike.toLowerCase()}`));
    const results = page.getByRole('list', { name: t('search', 'results.label') });
    const hit = results.getByRole('listitem').filter({ hasText: 'Kildemoes City Star' });
    await expect(hit).toHaveCount(1);
    await expect(
      hit.getByText(t('search', 'match.lookAlike', { value: bike.frame.registered })),
    ).toBeVisible();
    await expect(hit.getByText(t('common', 'bike.status.registered'))).toBeVisible();
    await expect(hit.getByRole('img')).toBeVisible();
    // Only what a stranger may see: neither the owner nor the bike's own name.
    await expect(page.getByText(bike.owner.email)).toHaveCount(0);
    await expect(page.getByText('Min pendlercykel')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'search-look-alike');

    // The public page needs an account: log in as someone else, and land on it.
    await hit.getByRole('link', { name: 'Kildemoes City Star' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const other = await signUpViaApi(page.request);
    await page.getByLabel(text('da', 'auth', 'fields.email')).fill(other.email);
    await page.getByLabel(text('da', 'auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: text('da', 'auth', 'login.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bike.bikeId}/public$`));
    await expect(heading(page)).toHaveText(t('search', 'public.title'));
    await expect(page.getByRole('heading', { name: 'Kildemoes City Star' })).toBeVisible();
    await expect(page.getByText(t('search', 'public.owner'))).toHaveCount(0);
    // Nothing of the owner: no name, no e-mail address.
    await expect(page.getByText(bike.owner.email)).toHaveCount(0);
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'public-other');

    // The owner reads 'You own this bike', with the way to the bike itself.
    await signInBrowser(page, await logInViaApi(page.request, bike.owner.email, TEST_PASSWORD));
    await page.goto(`/app/my-bikes/${bike.bikeId}/public`);
    await expect(page.getByText(t('search', 'public.owner'))).toBeVisible();
    await expect(page.getByRole('link', { name: t('search', 'public.ownerLink') })).toHaveAttribute(
      'href',
      `/app/my-bikes/${bike.bikeId}`,
    );
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'public-owner');
  });

  test('finds a bike by its plate, says when nothing is found, and keeps each search in the history', async ({
    page,
  }) => {
    const bike = await registerBike(page);
    await page.goto('/search');

    // The plate typed in lower case with a dash: an exact match on the sticker ID.
    const typedPlate = `${bike.plate.slice(0, 4)}-${bike.plate.slice(4)}`.toLowerCase();
    await search(page, typedPlate);
    const hit = page.getByRole('list', { name: t('search', 'results.label') }).getByRole('listitem');
    await expect(hit).toHaveCount(1);
    await expect(
      hit.getByText(t('search', 'match.exact', { identifier: t('search', 'identifier.plate_id') })),
    ).toBeVisible();
    await expect(page.getByText(t('search', 'results.count_one', { count: 1 }))).toBeVisible();
    await expect(hit.getByText(t('common', 'bike.colors.green'), { exact: false })).toBeVisible();

    // Nothing registered under this: the message of SPEC §8.
    await search(page, 'QQQ000111222');
    await expect(page.getByText(text('da', 'common', 'messages.searchNoResult'))).toBeVisible();
    await expect(hit).toHaveCount(0);
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'search-no-result');

    // Back returns to the plate search, with the plate in the field again.
    await page.goBack();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole('searchbox', { name: t('search', 'field.label') })).toHaveValue(typedPlate);
    await expect(hit).toHaveCount(1);

    // A shared address opens the same search.
    await page.goto(`/search?q=${encodeURIComponent(bike.frame.registered)}`);
    await expect(
      hit.getByText(t('search', 'match.exact', { identifier: t('search', 'identifier.frame_number') })),
    ).toBeVisible();

    // An empty search asks for input instead of searching.
    await page.goto('/search');
    await page.getByRole('button', { name: t('search', 'submit'), exact: true }).click();
    await expect(page.getByText(text('da', 'common', 'validation.required'))).toBeVisible();
    await expect(page).toHaveURL(/\/search$/);

    // Under 5 characters (issue 27): the reason, at the field and for an address that holds one.
    await search(page, 'wda 1');
    await expect(page.getByText(text('da', 'common', 'validation.identifier_too_short'))).toBeVisible();
    await page.goto('/search?q=ab-1');
    await expect(page.getByText(t('search', 'noResult.tooShort', { query: 'ab-1', min: 5 }))).toBeVisible();

    // Reported stolen, the hit offers a visitor the owner contact that needs no account (issue 27).
    await reportStolenViaApi(page.request, bike.owner.token, bike.bikeId);
    await page.goto(`/search?q=${encodeURIComponent(bike.frame.registered)}`);
    await expect(page.getByText(t('search', 'results.visitorHintStolen'))).toBeVisible();
    await expectNoA11yViolations(page);
    await hit.getByRole('link', { name: text('da', 'finds', 'banner.contact') }).click();
    await expect(page).toHaveURL(new RegExp(`/app/bikes/${bike.bikeId}/contact-bike-owner$`));
    await expect(heading(page)).toHaveText(text('da', 'finds', 'contact.title'));
    await expect(
      page.getByRole('textbox', { name: text('da', 'finds', 'contact.email'), exact: true }),
    ).toBeVisible();
  });
});
