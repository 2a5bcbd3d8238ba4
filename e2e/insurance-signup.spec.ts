import type { Page } from '@playwright/test';
import { signedInUser, signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { DEMO_INSURER } from './support/organisations.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { text } from './support/texts.ts';

/*
 * Issue 16 §2 in the browser: a person reads the insurance benefit, chooses the demo insurer's
 * bike cover for a registered bike and one not registered yet (priced live by the tariff), gives
 * consent and the checkout details on the overview, and sees the application under /insurance with
 * the CPR number only masked. The demo insurer's pre-registered contents customer who asks for the
 * bike cover lands on contents-signup instead, confirms, and has an active policy.
 */

const ins = (key: string, values: Record<string, string | number> = {}) =>
  text('da', 'insurance', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });
/** The demo insurer's bike-theft cover as the enrolment lists it. */
const BIKE_COVER = `${DEMO_INSURER} – Cykelforsikring`;

async function chooseCover(page: Page, bikeName: string, extraBikes: number): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(BIKE_COVER)}`) }).check({ force: true });
  await page.getByRole('checkbox', { name: bikeName }).check({ force: true });
  await page
    .getByRole('spinbutton', { name: new RegExp(`^${ins('onboarding.extraBikes')}`) })
    .fill(String(extraBikes));
}

async function fillCheckout(page: Page, name: string): Promise<void> {
  await field(page, ins('checkout.fields.name')).fill(name);
  await field(page, ins('checkout.fields.identitySocialNumber')).fill('010190-1234');
  await field(page, ins('checkout.fields.streetAddress')).fill('Nørrebrogade 20');
  await field(page, ins('checkout.fields.zipCode')).fill('2200');
  await field(page, ins('checkout.fields.city')).fill('København N');
  await field(page, ins('checkout.fields.mobilePhone')).fill('20123456');
  await field(page, ins('checkout.fields.bankRegister')).fill('1234');
  await field(page, ins('checkout.fields.bankAccount')).fill('0012345678');
}

test('sign up for bike insurance through the Danish pages and see the application @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const person = await signedInUser(page);
  await registerBikeViaApi(page.request, person, 'Min pendlercykel');

  // Issue 27: the insurance area has a way in — the account's menu (a drawer on a phone), and the
  // register's "insured through an insurer" stop leads there too.
  await page.goto('/app');
  await expect(heading(page)).toBeVisible();
  const openMenu = page.getByRole('button', { name: text('da', 'common', 'shell.openMenu'), exact: true });
  if (await openMenu.isVisible()) await openMenu.click();
  await page
    .getByRole('navigation', { name: text('da', 'common', 'shell.appNavigation') })
    .getByRole('link', { name: text('da', 'common', 'nav.insurances') })
    .click();
  await expect(heading(page)).toHaveText(ins('home.title'));
  await page.goto('/app/register-bike/insurance-stop');
  await page.getByRole('link', { name: text('da', 'bikes', 'insuranceStop.toInsurance') }).click();
  await expect(heading(page)).toHaveText(ins('home.title'));

  // The benefit, true to what insurers ask: frame number, approved lock, receipt, police report.
  await page.getByRole('link', { name: ins('home.benefitLink') }).click();
  await expect(heading(page)).toHaveText(ins('benefit.title'));
  await expect(page.getByText(ins('benefit.needLock'))).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: DEMO_INSURER })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: ins('benefit.start') }).click();

  // Enrolment: the registered bike (no price known: 15,000 kr, by SPEC §9) and one not registered
  // yet (a 15,000 kr racer): 1,200 kr + 1,380 kr by the demo tariff.
  await expect(heading(page)).toHaveText(ins('enrolment.title'));
  await chooseCover(page, 'Min pendlercykel', 1);
  await expect(page.getByTestId('basket-total')).toHaveText(/2\.580/);
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'enrolment');
  await page.getByRole('button', { name: ins('enrolment.toOverview') }).click();

  // Overview: the same premium, the consent asked for, the checkout fields; dates as Danes write
  // them and defaults named in words, not a bare asterisk.
  await expect(heading(page)).toHaveText(ins('overview.title'));
  await expect(page.getByTestId('basket-total')).toHaveText(/2\.580/);
  const basket = page.getByRole('table', { name: ins('basket.caption') });
  await expect(basket).not.toContainText(/\d{4}-\d{2}-\d{2}|\*/);
  await expect(basket).toContainText(ins('basket.defaultedMark'));
  await fillCheckout(page, 'Freja Holm');
  await page.getByRole('button', { name: ins('overview.confirm') }).click();
  await expect(page.getByText(text('da', 'common', 'validation.must_accept'))).toBeVisible();
  await expect(heading(page)).toHaveText(ins('overview.title'));
  await page.getByRole('checkbox', { name: ins('consent.privacy') }).check({ force: true });
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: ins('overview.confirm') }).click();

  // The confirmation says what happens next, as the register does it.
  await expect(heading(page)).toHaveText(ins('confirmation.title'));
  await expect(page.getByText(ins('confirmation.sent', { insurer: DEMO_INSURER }))).toBeVisible();
  await expect(page.getByText(ins('confirmation.nextRegister_one'))).toBeVisible();
  // The plates for the two bikes ship to the address given, included with the insurance.
  await expect(
    page.getByText(
      ins('confirmation.nextPlates', { address: 'Nørrebrogade 20, 2200 København N', min: 7, max: 10 }),
    ),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // Under /insurance: the application with its status.
  await page.goto('/insurance');
  await expect(heading(page)).toHaveText(ins('home.title'));
  const policy = page.getByRole('region', { name: ins('covers.bike_theft') });
  await expect(policy.getByText(ins('policy.statuses.application'), { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // The holder sees the CPR number only masked.
  await policy.getByRole('link', { name: ins('home.openPolicy') }).click();
  await expect(heading(page)).toHaveText(ins('policy.titleAt', { insurer: DEMO_INSURER }));
  await expect(page.getByText(ins('policy.itemStatuses.needs_uploads'))).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'policy-detail');
  await page.getByRole('link', { name: ins('policy.toPersonalInfo') }).click();
  await expect(heading(page)).toHaveText(ins('checkout.title'));
  await expect(page.getByText(ins('checkout.nationalIdStored', { masked: '******-1234' }))).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByText('0101901234')).toHaveCount(0);
});

test('a pre-registered contents customer asking for the bike cover confirms on contents-signup instead', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The demo insurer's uploaded customer (its seed), signing up with that address.
  const person = await signUpViaApi(page.request, { email: 'indbo@demo.cykelregister.dk' });
  await signInBrowser(page, person.token);
  await registerBikeViaApi(page.request, person, 'Idas cykel');

  await page.goto('/forsikrings-indtegning');
  await expect(heading(page)).toHaveText(ins('enrolment.title'));
  await chooseCover(page, 'Idas cykel', 0);
  await page.getByRole('button', { name: ins('enrolment.toOverview') }).click();
  await expect(heading(page)).toHaveText(ins('overview.title'));
  await fillCheckout(page, 'Ida Indbo');
  await page.getByRole('checkbox', { name: ins('consent.privacy') }).check({ force: true });
  await page.getByRole('button', { name: ins('overview.confirm') }).click();

  // SPEC §8: the 400 pre_registered_policy sends the person to confirm their contents cover.
  await expect(heading(page)).toHaveText(ins('contents.title'));
  await expect(page).toHaveURL(/\/insurance\/[^/]+\/policy\/contents-signup/);
  await expect(field(page, ins('contents.insurerPolicyId'))).toHaveValue('DEMO-INDBO-1001');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: ins('contents.confirm') }).click();

  await expect(heading(page)).toHaveText(ins('contents.doneTitle'));
  await expect(page.getByText(ins('policy.statuses.active'), { exact: true })).toBeVisible();
  await expect(page.getByText('DEMO-INDBO-1001')).toBeVisible();
});

test('the onboarding wizard keeps what was typed across a reload and ends in the checkout', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const person = await signedInUser(page);
  await registerBikeViaApi(page.request, person, 'Familiecyklen');

  await page.goto('/insurance/onboarding');
  await expect(heading(page)).toHaveText(ins('onboarding.steps.consent.title'));
  // The privacy acknowledgement is needed; sharing and transfers are optional and never pre-ticked.
  await expect(page.getByRole('checkbox', { name: ins('consent.dataShare') })).not.toBeChecked();
  await page.getByRole('button', { name: ins('onboarding.next') }).click();
  await expect(page.getByText(text('da', 'common', 'validation.must_accept'))).toBeVisible();
  await page.getByRole('checkbox', { name: ins('consent.privacy') }).check({ force: true });
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: ins('onboarding.next') }).click();

  await expect(heading(page)).toHaveText(ins('onboarding.steps.insurance-details.title'));
  await page.getByRole('radio', { name: DEMO_INSURER }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Familiecyklen' }).check({ force: true });
  await page.getByRole('button', { name: ins('onboarding.next') }).click();

  await expect(heading(page)).toHaveText(ins('onboarding.steps.insurance-type.title'));
  await page.getByRole('radio', { name: /^Cykelforsikring/ }).check({ force: true });
  await expect(page.getByTestId('basket-total')).toHaveText(/1\.200/);
  await page.getByRole('button', { name: ins('onboarding.next') }).click();

  await expect(heading(page)).toHaveText(ins('onboarding.steps.shipping-info.title'));
  await field(page, ins('onboarding.fields.first_name')).fill('Karl');
  await field(page, ins('onboarding.fields.street_address')).fill('Vestergade 3');
  // Saved as typed: a reload finds it.
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/insurance/onboarding-draft', {
        headers: { Authorization: `Bearer ${person.token}` },
      });
      return ((await response.json()) as { street_address: string | null }).street_address;
    })
    .toBe('Vestergade 3');
  await page.reload();
  await expect(field(page, ins('onboarding.fields.street_address'))).toHaveValue('Vestergade 3');
  await field(page, ins('onboarding.fields.last_name')).fill('Jensen');
  await field(page, ins('onboarding.fields.zip_code')).fill('8000');
  await field(page, ins('onboarding.fields.city')).fill('Aarhus C');
  await field(page, ins('onboarding.fields.mobile')).fill('20987654');
  // The premium is shown again before the application is sent (issue 27).
  await expect(page.getByTestId('basket-total')).toHaveText(/1\.200/);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: ins('onboarding.finish') }).click();

  // The application is sent and says so; the address came with it, the national id is asked for now.
  await expect(heading(page)).toHaveText(ins('checkout.title'));
  await expect(page.getByText(ins('checkout.applicationSent'))).toBeVisible();
  await expect(field(page, ins('checkout.fields.streetAddress'))).toHaveValue('Vestergade 3');
  await expect(field(page, ins('checkout.fields.name'))).toHaveValue('Karl Jensen');
});
