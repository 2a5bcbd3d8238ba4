import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type Language, signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { uniqueFrameNumber } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * A town's campaign (issue 29 §2): staff publish a flow; a visitor opens its poster address, answers,
 * is asked to sign in for what needs an account and comes back, redeems the town's code and registers
 * their bike, each screen leading back to the flow; the funnel counts the walk. Danish on a phone,
 * Norwegian on a desktop. An address that is no published flow is the 404 page with status 404.
 */

const STAFF_ADMIN = 'staff@demo.cykelregister.dk';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });

/** Asks whether one has a bike; bike owners redeem the town's code and register it. */
function campaign(language: Language) {
  const da = language === 'da';
  const localised = (danish: string, norwegian: string) =>
    da ? { da: danish } : { da: danish, no: norwegian };
  return {
    title: localised('Cykeldag i Aarhus', 'Sykkeldag i Oslo'),
    steps: [
      {
        memo: 'velkommen',
        title: localised('Har du en cykel?', 'Har du en sykkel?'),
        blocks: [
          {
            kind: 'text',
            text: localised(
              'Registrér din cykel gratis i dag.\n\n- Det tager to minutter',
              'Registrer sykkelen din gratis i dag.\n\n- Det tar to minutter',
            ),
          },
        ],
        questions: [
          {
            id: 'has_bike',
            kind: 'yes_no',
            label: localised('Har du en cykel, du vil registrere?', 'Har du en sykkel du vil registrere?'),
            required: true,
          },
          {
            id: 'postcode',
            kind: 'postcode',
            label: localised('Dit postnummer', 'Ditt postnummer'),
            required: false,
          },
        ],
        action: null,
        routes: [{ when: [{ test: 'equals', question: 'has_bike', value: true }], go_to: 'kode' }],
        otherwise: 'end',
      },
      {
        memo: 'kode',
        title: localised('Indløs kommunens kode', 'Løs inn kommunens kode'),
        blocks: [],
        questions: [],
        action: 'redeem_voucher',
        routes: [],
        otherwise: 'registrer',
      },
      {
        memo: 'registrer',
        title: localised('Registrér cyklen', 'Registrer sykkelen'),
        blocks: [],
        questions: [],
        action: 'register_bike',
        routes: [],
        otherwise: 'end',
      },
    ],
  };
}

async function publishCampaign(
  request: APIRequestContext,
  language: Language,
): Promise<{ memo: string; staff: string }> {
  const staff = await demoSessionToken(request, STAFF_ADMIN);
  const headers = { Authorization: `Bearer ${staff}` };
  const memo = `cykeldag-${language}-${Date.now().toString(36)}`;
  const created = await request.post('/api/backoffice/flows', {
    headers,
    data: { memo, definition: campaign(language) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const published = await request.post(`/api/backoffice/flows/${memo}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  return { memo, staff };
}

async function walkToARegisteredBike(page: Page, language: Language, voucher: string): Promise<void> {
  const f = (key: string, values: Record<string, string | number> = {}) =>
    fillText(text(language, 'flows', key), values);
  const common = (key: string) => text(language, 'common', key);
  const { memo, staff } = await publishCampaign(page.request, language);
  const da = language === 'da';
  const person = await signUpViaApi(page.request, { language, region: da ? 'dk' : 'no' });

  // The poster's short address begins the walk at its first step.
  const response = await page.goto(`/${memo}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/flows/${memo}/velkommen$`));
  await expect(heading(page)).toHaveText(da ? 'Cykeldag i Aarhus' : 'Sykkeldag i Oslo');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    da ? 'Har du en cykel?' : 'Har du en sykkel?',
  );
  await expectNoA11yViolations(page);

  // A wrong postal code is told at the field; nothing moves on.
  await field(page, da ? 'Dit postnummer' : 'Ditt postnummer').fill('12');
  await page.getByRole('button', { name: f('step.next') }).click();
  await expect(page.getByText(common('validation.required')).first()).toBeVisible();
  await expect(page.getByText(common('validation.invalid_zip_code'))).toBeVisible();
  await page.getByRole('radio', { name: f('answer.yes') }).check({ force: true });
  await field(page, da ? 'Dit postnummer' : 'Ditt postnummer').fill(da ? '8000' : '0150');
  await page.getByRole('button', { name: f('step.next') }).click();

  // The code needs an account: sign in, and come back to the step.
  await expect(page).toHaveURL(new RegExp(`/flows/${memo}/kode$`));
  await expect(page.getByText(f('step.progress', { position: 2, count: 3 }))).toBeVisible();
  await expect(page.getByText(f('action.needsAccount'))).toBeVisible();
  // Back and forward keep the answers.
  await page.goBack();
  await expect(page.getByRole('radio', { name: f('answer.yes') })).toBeChecked();
  await expect(field(page, da ? 'Dit postnummer' : 'Ditt postnummer')).toHaveValue(da ? '8000' : '0150');
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/flows/${memo}/kode$`));
  await page.getByRole('button', { name: f('action.signIn') }).click();
  await expect(heading(page)).toHaveText(text(language, 'auth', 'login.title'));
  await page.getByLabel(text(language, 'auth', 'fields.email'), { exact: true }).fill(person.email);
  await page.getByLabel(text(language, 'auth', 'fields.password'), { exact: true }).fill(person.password);
  await page.getByRole('button', { name: text(language, 'auth', 'login.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/flows/${memo}/kode$`));

  // The town's code, on the shop's own screen, which leads back to the flow.
  await page.getByRole('link', { name: f('action.redeem_voucher.button') }).click();
  await field(page, text(language, 'webshop', 'voucher.code')).fill(voucher);
  await page.getByRole('button', { name: text(language, 'webshop', 'voucher.redeem') }).click();
  await expect(page).toHaveURL(new RegExp(`/flows/${memo}/registrer$`));
  await expect(page.getByText(f('step.progress', { position: 3, count: 3 }))).toBeVisible();

  // The bike, on the register's own form, which leads back to the flow's end.
  await page.getByRole('link', { name: f('action.register_bike.button') }).click();
  const frameNumber = uniqueFrameNumber();
  await field(page, text(language, 'bikes', 'fields.nickname')).fill(
    da ? 'Min pendlercykel' : 'Pendlersykkelen min',
  );
  await field(page, text(language, 'bikes', 'fields.frameNumber')).fill(frameNumber);
  await expect(page.getByText(text(language, 'bikes', 'identifiers.frameNumberValid'))).toBeVisible();
  await page.getByRole('button', { name: text(language, 'bikes', 'register.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/flows/${memo}$`));
  await expect(page.getByText(f('finished.body'))).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, `flow-finished-${language}`);

  // The bike is the person's; the funnel counted the walk to its end.
  const bikes = await page.request.get('/api/bikes', {
    headers: { Authorization: `Bearer ${person.token}` },
  });
  expect(JSON.stringify(await bikes.json())).toContain(frameNumber);
  const funnel = await page.request.get(`/api/backoffice/flows/${memo}/funnel`, {
    headers: { Authorization: `Bearer ${staff}` },
  });
  expect(await funnel.json()).toMatchObject({
    started: 1,
    finished: 1,
    steps: [
      { memo: 'velkommen', reached: 1 },
      { memo: 'kode', reached: 1 },
      { memo: 'registrer', reached: 1 },
    ],
  });
}

test.describe('in Danish', () => {
  test.use({ language: 'da' });

  test('a visitor walks a campaign from its poster address to a registered bike @phone', async ({ page }) => {
    test.setTimeout(120_000);
    await walkToARegisteredBike(page, 'da', 'DEMO-CYKEL-DK');
  });

  test('an address that is no published flow is the 404 page with status 404 @phone', async ({ page }) => {
    for (const address of ['/ingen-kampagne-her', '/flows/ingen-kampagne-her']) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(heading(page)).toHaveText(text('da', 'common', 'notFound.title'));
    }
  });
});

test.describe('a signed-in person', () => {
  test.use({ language: 'da' });

  test('gives the newsletter consent inside a step and finishes the flow @phone', async ({ page }) => {
    const f = (key: string) => text('da', 'flows', key);
    const staff = await demoSessionToken(page.request, STAFF_ADMIN);
    const headers = { Authorization: `Bearer ${staff}` };
    const memo = `nyhedsbrev-${Date.now().toString(36)}`;
    const definition = {
      title: { da: 'Hold dig opdateret' },
      steps: [
        {
          memo: 'samtykke',
          title: { da: 'Vil du have nyhedsbrevet?' },
          blocks: [],
          questions: [],
          action: 'give_consent',
          routes: [],
          otherwise: 'end',
        },
      ],
    };
    expect(
      (await page.request.post('/api/backoffice/flows', { headers, data: { memo, definition } })).status(),
    ).toBe(201);
    expect((await page.request.post(`/api/backoffice/flows/${memo}/publish`, { headers })).status()).toBe(
      200,
    );
    const person = await signUpViaApi(page.request);
    await signInBrowser(page, person.token);

    await page.goto(`/flows/${memo}`);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Vil du have nyhedsbrevet?');
    // The step asks nothing: its action is all there is, and no other button competes with it.
    await expect(page.getByRole('button', { name: f('step.saveAnswers') })).toHaveCount(0);
    await page.getByRole('button', { name: f('action.give_consent.button') }).click();
    await expect(page.getByText(f('finished.body'))).toBeVisible();
    const consents = await page.request.get('/api/identities/consents', {
      headers: { Authorization: `Bearer ${person.token}` },
    });
    expect(await consents.json()).toContainEqual(
      expect.objectContaining({ type: 'newsletter', granted: true }),
    );
  });
});

test.describe('in Norwegian', () => {
  test.use({ language: 'no' });

  test('a visitor walks a campaign from its address to a registered bike', async ({ page }) => {
    test.setTimeout(120_000);
    await walkToARegisteredBike(page, 'no', 'DEMO-SYKKEL-NO');
  });
});
