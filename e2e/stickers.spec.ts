import type { APIRequestContext, Page } from '@playwright/test';
import { signedInUser, signUpViaApi, TEST_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { grantCredits } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { tick } from './support/forms.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { text } from './support/texts.ts';

/*
 * Issue 4 §3: what scanning a QR sticker leads to. A free sticker scanned by a visitor → sign-up with
 * the plate → the create-bikes loop registers the bike with it → pictures → done; a registered one
 * shows the bike; an unknown code explains itself; /app/qr-id takes a typed or pasted code.
 */

const t = (namespace: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (result, [name, value]) => result.replaceAll(`{{${name}}}`, String(value)),
    text('da', namespace, key),
  );

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

interface Sticker {
  code: string;
  /** The QR code's address (GS1 Digital Link), as a path of this server. */
  scanPath: string;
}

async function newSticker(request: APIRequestContext, kind: 'bike' | 'insurance' | 'equipment' = 'bike') {
  const response = await request.post('/dev/stickers', { data: { count: 1, kind } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { sticker_ids: string[]; digital_links: string[] };
  const link = new URL(body.digital_links[0] ?? '');
  return { code: body.sticker_ids[0] ?? '', scanPath: link.pathname } satisfies Sticker;
}

/** A small picture of a bike, drawn by the browser. */
async function bikePicture(page: Page): Promise<Buffer> {
  const studio = await page.context().newPage();
  await studio.setViewportSize({ width: 640, height: 480 });
  await studio.setContent(`<body style="margin:0;background:#f3e3cf">
    <svg width="640" height="480" viewBox="0 0 640 480" xmlns="http://www.w3.org/2000/svg">
      <g fill="none" stroke="#8c1d17" stroke-width="12" stroke-linecap="round" stroke-linejoin="round">
        <circle cx="170" cy="320" r="90"/><circle cx="470" cy="320" r="90"/>
        <path d="M170 320 260 170h160l50 150M260 170l-25-50h-50m185 50-85 150H170"/>
      </g>
    </svg></body>`);
  const picture = await studio.screenshot({ type: 'png' });
  await studio.close();
  return picture;
}

test.describe('scanning a sticker', () => {
  test('a visitor scans a free sticker, signs up, registers the bike with it and adds a picture @phone', async ({
    page,
  }) => {
    test.slow();
    const sticker = await newSticker(page.request);
    const email = uniqueEmail('scan');

    // The QR code's address leads a visitor to sign up, with the sticker named.
    await page.goto(sticker.scanPath);
    await expect(page).toHaveURL(new RegExp(`/signup/from-scan\\?plate=${sticker.code}$`));
    await expect(heading(page)).toHaveText(t('plates', 'fromScan.title'));
    await expect(page.getByText(sticker.code, { exact: true })).toBeVisible();
    // It says that registering costs a subscription or a code before anyone signs up (issue 27).
    await expect(page.getByText(t('plates', 'fromScan.next'))).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'signup-from-scan');

    await page.getByLabel(text('da', 'auth', 'fields.email'), { exact: true }).fill(email);
    await page.getByLabel(text('da', 'auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
    await tick(page.getByRole('checkbox'));
    await page.getByRole('button', { name: text('da', 'auth', 'signup.submit') }).click();

    // Sign-up goes on as every sign-up does: the mailed link signs in, the newsletter question, then
    // the loop (remembered in this browser).
    await expect(
      page.getByRole('heading', { name: text('da', 'auth', 'signup.checkMail.title') }),
    ).toBeVisible();
    const mail = await waitForMail(page.request, email, { linkPath: '/verify-email' });
    await page.goto(relativeLink(linkTo(mail, '/verify-email')));
    await expect(page).toHaveURL(/\/signup\/newsletter$/);
    await page.getByRole('button', { name: text('da', 'auth', 'newsletter.no') }).click();
    await expect(page).toHaveURL(new RegExp(`/signup/from-scan/create-bikes-loop\\?plate=${sticker.code}$`));

    // A new account has no registration yet: the no-subscription state with the way to buy one.
    await expect(page.getByText(text('da', 'common', 'errors.no_subscription'))).toBeVisible();
    // Buying keeps the scanned sticker for the first bike (already_activated_plate_id).
    await expect(
      page.locator(`main a[href="/app/bikes/register/purchase?plate=${sticker.code}"]`),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'loop-no-subscription');

    // With a registration (the webshop's stand-in), the form has the plate filled in.
    await grantCredits(page.request, email);
    await page.reload();
    const nickname = page.getByLabel(t('plates', 'loop.nickname'));
    await expect(nickname).toBeVisible();
    await expect(page.locator('input[name="plate_id"]')).toHaveValue(sticker.code);
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'loop-form');

    await page.getByRole('button', { name: t('plates', 'loop.submit') }).click();
    await expect(page.getByText(text('da', 'common', 'validation.required')).first()).toBeVisible();
    await nickname.fill('Ladcyklen');
    await page.getByLabel(t('plates', 'loop.brand')).fill('Christiania');
    await page.getByRole('button', { name: t('plates', 'loop.submit') }).click();

    // The bike just made, with the plate it was registered with.
    await expect(page).toHaveURL(/\/signup\/from-scan\/create-bikes-loop\/[0-9a-f-]{36}$/);
    const bikeId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(heading(page)).toHaveText(t('plates', 'created.title', { name: 'Ladcyklen' }));
    await expect(page.getByText(sticker.code, { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'loop-created');

    // Pictures: one public picture, then done.
    await page.getByRole('link', { name: t('plates', 'created.addPhotos') }).click();
    await expect(page).toHaveURL(new RegExp(`/create-bikes-loop/${bikeId}/add-photos$`));
    await expect(heading(page)).toHaveText(t('plates', 'photos.title', { name: 'Ladcyklen' }));
    await expectNoA11yViolations(page);
    await page
      .locator('input[type="file"]')
      .last()
      .setInputFiles({ name: 'ladcykel.png', mimeType: 'image/png', buffer: await bikePicture(page) });
    await expect(page.locator('main img').first()).toBeVisible();
    await reviewScreenshot(page, 'loop-photos');
    await page.getByRole('link', { name: t('plates', 'photos.done') }).click();

    await expect(page).toHaveURL(new RegExp(`/create-bikes-loop/${bikeId}/add-photos/complete$`));
    await expect(heading(page)).toHaveText(t('plates', 'complete.title'));
    await expect(page.getByText(t('plates', 'complete.pictures_one', { count: 1 }))).toBeVisible();
    await expect(page.getByRole('heading', { name: t('plates', 'complete.anotherQuestion') })).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'loop-complete');

    // The loop: another bike starts an empty form.
    await page.getByRole('link', { name: t('plates', 'complete.another') }).click();
    await expect(page).toHaveURL(/\/signup\/from-scan\/create-bikes-loop$/);
    await expect(heading(page)).toHaveText(t('plates', 'loop.titleAnother'));

    // The sticker is now registered: scanning it again leads its owner to the bike's public page.
    await page.goto(sticker.scanPath);
    await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/public$`));
    await expect(page.getByText(t('search', 'public.owner'))).toBeVisible();
  });

  test('a registered sticker shows the bike to a visitor, who may log in to contact the owner', async ({
    page,
  }) => {
    const owner = await signUpViaApi(page.request);
    await grantCredits(page.request, owner.email);
    const sticker = await newSticker(page.request);
    const created = await page.request.post('/api/bikes/', {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: {
        nickname: 'Racer',
        plate_id: sticker.code,
        brand: 'Principia',
        category: 'racer',
        color: 'red',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The short address with the code in lower case works as well as the QR code's.
    await page.goto(`/sticker-id/${sticker.code.toLowerCase()}`);
    await expect(heading(page)).toHaveText(t('plates', 'sticker.registeredTitle'));
    await expect(page.getByRole('heading', { name: 'Principia' })).toBeVisible();
    await expect(page.getByText(t('common', 'bike.categories.racer'))).toBeVisible();
    await expect(page.getByText('Racer', { exact: true })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'sticker-registered');
  });

  test('an unknown code explains itself and lets the visitor type it again', async ({ page }) => {
    const free = await newSticker(page.request);
    await page.goto('/sticker-id/01/05790002290008/21/NOSUCH77');
    await expect(page).toHaveURL(/\/sticker-id\/no-registration\?code=NOSUCH77$/);
    await expect(heading(page)).toHaveText(t('plates', 'noRegistration.title'));
    await expect(page.getByText(t('plates', 'noRegistration.code', { code: 'NOSUCH77' }))).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'no-registration');

    const field = page.getByLabel(t('plates', 'codeForm.label'));
    await expect(field).toHaveValue('NOSUCH77');
    await field.fill(free.code.toLowerCase());
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/signup/from-scan\\?plate=${free.code}$`));
  });

  test('insurance plates and equipment stickers are explained', async ({ page }) => {
    const insurance = await newSticker(page.request, 'insurance');
    await page.goto(insurance.scanPath);
    await expect(page).toHaveURL(new RegExp(`/sticker-id/insurance-plate\\?code=${insurance.code}$`));
    await expect(heading(page)).toHaveText(t('plates', 'insurancePlate.title'));
    await expectNoA11yViolations(page);

    const equipment = await newSticker(page.request, 'equipment');
    await page.goto(`/sticker-id/${equipment.code}`);
    await expect(heading(page)).toHaveText(t('plates', 'sticker.equipmentTitle'));
    await expectNoA11yViolations(page);
  });

  test('/app/qr-id takes a typed code or a pasted scan address @phone', async ({ page }) => {
    await signedInUser(page);
    const sticker = await newSticker(page.request);
    await page.goto('/app/qr-id');
    await expect(heading(page)).toHaveText(t('plates', 'qrId.title'));
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'qr-id');

    const field = page.getByLabel(t('plates', 'codeForm.label'));
    await field.fill('https://example.org/not/a/sticker');
    await page.getByRole('button', { name: t('plates', 'codeForm.submit') }).click();
    await expect(page.getByText(text('da', 'common', 'messages.invalidId'))).toBeVisible();
    await expectNoA11yViolations(page);

    // A free sticker, signed in: straight to registering the bike with it.
    await field.fill(`http://localhost${sticker.scanPath}`);
    await page.getByRole('button', { name: t('plates', 'codeForm.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/app/register-bike\\?plate=${sticker.code}$`));
  });
});

test.describe('scanning a sticker before the JavaScript runs (issue 31)', () => {
  test.use({ javaScriptEnabled: false });

  test('the server answers the bike behind the sticker, and an unknown code, as HTML', async ({ page }) => {
    const owner = await signUpViaApi(page.request);
    await grantCredits(page.request, owner.email);
    const sticker = await newSticker(page.request);
    const created = await page.request.post('/api/bikes/', {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: {
        nickname: 'Racer',
        plate_id: sticker.code,
        brand: 'Principia',
        category: 'racer',
        color: 'red',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto(sticker.scanPath);
    await expect(heading(page)).toHaveText(t('plates', 'sticker.registeredTitle'));
    await expect(page.getByRole('heading', { name: 'Principia' })).toBeVisible();
    await expect(page.getByRole('link', { name: t('plates', 'sticker.searchLink') })).toHaveAttribute(
      'href',
      '/search',
    );

    await page.goto('/sticker-id/NOSUCH77');
    await expect(heading(page)).toHaveText(t('plates', 'noRegistration.title'));
    await expect(page.getByText(t('plates', 'noRegistration.code', { code: 'NOSUCH77' }))).toBeVisible();
  });
});
