import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { freeSticker, grantCredits, uniqueFrameNumber } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { text } from './support/texts.ts';

/*
 * My bikes as an owner uses them: register a bike with its frame number and sticker (checked while
 * typing), add a public and a private picture, edit it (leaving with unsaved changes asks first and
 * keeps a draft), add a lock, and delete it through the MitID approval. And the state without a
 * registration to spend.
 */

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const b = (key: string, values: Record<string, string | number> = {}) =>
  text('da', 'bikes', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const common = (key: string, values: Record<string, string> = {}) =>
  text('da', 'common', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text field by the start of its label (the label may end with "(valgfri)"). */
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });

/** Picks a file through the button that opens the file chooser, as a person does. */
async function chooseFile(page: Page, button: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).last().click();
  await (await chooser).setFiles(join(FIXTURES, file));
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('register, picture, edit, equipment and delete a bike @phone', async ({ page }) => {
  test.setTimeout(150_000);
  const owner = await signedInUser(page);
  await grantCredits(page.request, owner.email, 2);
  const plate = await freeSticker(page.request);
  const frameNumber = uniqueFrameNumber();

  // The sidebar's entry leads to the form while a registration is free.
  await page.goto('/app/bikes/register');
  await expect(page).toHaveURL(/\/app\/register-bike$/);
  await expect(heading(page)).toHaveText(b('register.title'));
  await expect(page.getByTestId('credits-summary')).toContainText(b('credits.free_other', { count: 2 }));
  await expectNoA11yViolations(page);

  await field(page, b('fields.nickname')).fill('Min blå pendler');
  // A year letter that does not exist: a question, not a stop.
  await field(page, b('fields.frameNumber')).fill('WDA123456I');
  const question = page.getByRole('alert').filter({ hasText: b('identifiers.warningTitle') });
  await expect(page.getByText(b('identifiers.warningTitle'))).toBeVisible();
  await expect(page.getByText(b('frameWarnings.invalid_year_letter'))).toBeVisible();
  await expect(question).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: b('identifiers.warningConfirm') }).click();
  await expect(page.getByText(b('identifiers.warningConfirmed'))).toBeVisible();

  await field(page, b('fields.frameNumber')).fill(frameNumber);
  await expect(page.getByText(b('identifiers.frameNumberValid'))).toBeVisible();
  await expect(page.getByText(b('identifiers.warningTitle'))).toHaveCount(0);
  await field(page, b('fields.plateId')).fill(plate);
  await expect(page.getByText(b('identifiers.plateValid', { plate_id: plate }))).toBeVisible();
  await reviewScreenshot(page, 'register-form');
  await page.getByRole('button', { name: b('register.submit') }).click();

  await expect(heading(page)).toHaveText(b('intro.title'));
  await expect(page).toHaveURL(/\/app\/my-bikes\/[0-9a-f-]{36}\/intro-step$/);
  const bikeId = /\/app\/my-bikes\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: b('intro.continue') }).click();
  await expect(heading(page)).toHaveText(b('complete.title'));
  await expect(page.getByText(frameNumber)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: b('complete.toBike') }).click();

  // The detail page: data tab first, with the identifiers.
  await expect(heading(page)).toHaveText('Min blå pendler');
  await expect(page.getByRole('tab', { name: b('detail.tabs.data') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel').getByText(plate)).toBeVisible();
  await expectNoA11yViolations(page);

  // A public and a private picture.
  await chooseFile(page, b('pictures.choose'), 'bike.png');
  await expect(page.getByRole('status').filter({ hasText: b('pictures.uploaded') })).toBeVisible();
  await expect(
    page.getByRole('img', { name: b('pictures.alt', { kind: b('pictureKinds.public') }) }),
  ).toBeVisible();
  await pick(page, b('pictures.kind'), b('pictureKinds.private'));
  await chooseFile(page, b('pictures.choose'), 'frame-number.jpg');
  await expect(
    page.getByRole('img', { name: b('pictures.alt', { kind: b('pictureKinds.private') }) }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Billede: / })).toHaveCount(2);
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'bike-detail');

  // The public display tab shows what strangers see and links to the public page.
  await page.getByRole('tab', { name: b('detail.tabs.public') }).click();
  await expect(page).toHaveURL(/\?tab=public$/);
  await expect(page.getByText(b('publicTab.level.full'))).toBeVisible();
  await expect(page.getByRole('link', { name: b('publicTab.openPublicPage') })).toHaveAttribute(
    'href',
    `/app/my-bikes/${bikeId}/public`,
  );
  await expectNoA11yViolations(page);

  // Edit: leaving with a change asks first; the change survives a reload as a draft.
  await page.getByRole('link', { name: b('detail.edit') }).click();
  await expect(heading(page)).toHaveText(b('edit.title'));
  await expectNoA11yViolations(page);
  await pick(page, b('fields.color'), common('bike.colors.red'));
  await page.getByRole('link', { name: b('edit.cancel') }).click();
  const dialog = page.getByRole('dialog', { name: b('unsaved.title') });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: b('unsaved.stay') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/edit$/);

  page.once('dialog', (leave) => void leave.accept());
  await page.reload();
  await expect(page.getByText(b('edit.draftRestored'))).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(b('fields.color')) })).toContainText(
    common('bike.colors.red'),
  );
  await field(page, b('fields.model')).fill('Pendler 7');
  await reviewScreenshot(page, 'edit-form');
  await page.getByRole('button', { name: b('edit.save') }).click();
  await expect(heading(page)).toHaveText(b('postEdit.title'));
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/post-edit$`));
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: b('postEdit.toBike') }).click();
  await expect(page.getByRole('tabpanel').getByText(common('bike.colors.red'))).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('Pendler 7')).toBeVisible();

  // A lock on the equipment page.
  await page
    .getByRole('link', { name: b('detail.editEquipment') })
    .first()
    .click();
  await expect(heading(page)).toHaveText(b('equipment.pageTitle'));
  await page.getByRole('button', { name: b('equipment.add.lock') }).click();
  const lockForm = page.getByRole('form', { name: b('equipment.addTitle.lock') });
  await field(lockForm, b('equipment.brand')).fill('ABUS');
  await field(lockForm, b('equipment.model')).fill('Bordo 6000');
  await pick(page, b('equipment.lockType'), b('lockTypes.folding'));
  await field(lockForm, b('equipment.keyNumber')).fill('K-4711');
  await field(lockForm, b('equipment.varefaktaNumber')).fill('VF-2231');
  await lockForm.getByText(b('equipment.frameNumberMatchLabel')).click();
  await expectNoA11yViolations(page);
  await lockForm.getByRole('button', { name: b('equipment.addSubmit') }).click();
  await expect(page.getByText(b('equipment.added'))).toBeVisible();
  const lock = page.getByRole('region', { name: `${b('equipmentTypes.lock')} – ABUS Bordo 6000` });
  await expect(lock).toContainText('K-4711');
  await expect(lock).toContainText(b('lockTypes.folding'));
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'equipment');

  // Delete: the dialog, then the test MitID approves, and the deletion goes on by itself.
  await page.getByRole('link', { name: b('equipment.backToBike') }).click();
  await expect(page.getByRole('tabpanel').getByText('ABUS Bordo 6000')).toBeVisible();
  await page.getByRole('button', { name: b('delete.action') }).click();
  const confirm = page.getByRole('alertdialog', {
    name: b('delete.dialogTitle', { name: 'Min blå pendler' }),
  });
  await expect(confirm).toContainText(b('delete.needsApproval', { provider: 'MitID' }));
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: b('delete.confirmWithProvider', { provider: 'MitID' }) }).click();
  await expect(page).toHaveURL(/\/dev\/oidc\/interaction\//);
  await page.getByRole('button', { name: 'Log ind som Mads Østergaard' }).click();

  await expect(heading(page)).toHaveText(b('deleted.title'));
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/report-deleted$`));
  await expect(page.getByText(b('deleted.bodyNamed', { name: 'Min blå pendler' }))).toBeVisible();
  await expectNoA11yViolations(page);
  expect((await page.request.get(`/api/bikes/${bikeId}/`)).status()).not.toBe(200);

  await page.getByRole('link', { name: b('deleted.toList') }).click();
  await expect(page.getByRole('heading', { name: b('list.emptyTitle') })).toBeVisible();
});

test('the list shows each bike with its identifiers and badge @phone', async ({ page }) => {
  const owner = await signedInUser(page);
  await grantCredits(page.request, owner.email, 2);
  const token = await page.evaluate(() => window.localStorage.getItem('nbr:token'));
  const frameNumber = uniqueFrameNumber();
  const created = await page.request.post('/api/bikes/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { nickname: 'Ladcyklen', frame_number: frameNumber, brand: 'Christiania', category: 'cargo' },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The start page shows the newest bikes.
  await page.goto('/app');
  const home = page.getByRole('region', { name: b('home.title') });
  await expect(home.getByRole('link', { name: 'Ladcyklen' })).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'app-home');

  await page.goto('/app/my-bikes');
  await expect(heading(page)).toHaveText(b('list.title'));
  const row = page.getByRole('listitem').filter({ hasText: 'Ladcyklen' });
  await expect(row).toContainText(frameNumber);
  await expect(row).toContainText('Christiania');
  await expect(row).toContainText(common('bike.status.registered'));
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'my-bikes');
  // The list's four buttons are of one width (in one row on a wide screen, two by two on a phone).
  const widths = await Promise.all(
    ['list.transfer', 'list.receive', 'list.reportStolen', 'list.register'].map(
      async (key) =>
        (
          await page
            .getByRole('main')
            .getByRole('link', { name: b(key), exact: true })
            .boundingBox()
        )?.width ?? 0,
    ),
  );
  expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(1);
  await row.getByRole('link', { name: 'Ladcyklen' }).click();
  await expect(heading(page)).toHaveText('Ladcyklen');
  // Every tab is whole on the screen, the fourth too (at 360 px it was cut at the edge).
  const tabList = await page.getByRole('tablist').boundingBox();
  const lastTab = await page.getByRole('tab', { name: b('detail.tabs.public') }).boundingBox();
  expect(lastTab && tabList && lastTab.x + lastTab.width <= tabList.x + tabList.width + 0.5).toBe(true);

  // /app/redirects/edit-bike/{bikeId} opens the edit page.
  const bikeId = /\/app\/my-bikes\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  await page.goto(`/app/redirects/edit-bike/${bikeId}`);
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/edit$`));
  await expect(heading(page)).toHaveText(b('edit.title'));
});

test('without a registration the register pages say so and lead to buying or redeeming one @phone', async ({
  page,
}) => {
  await signedInUser(page);
  await page.goto('/app/my-bikes');
  await expect(page.getByRole('heading', { name: b('list.emptyTitle') })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: b('list.register') }).click();

  await expect(page).toHaveURL(/\/app\/bikes\/register$/);
  await expect(heading(page)).toHaveText(b('entry.title'));
  await expect(page.getByText(common('errors.no_subscription'))).toBeVisible();
  await expect(page.getByRole('link', { name: b('credits.buy') })).toHaveAttribute(
    'href',
    '/app/bikes/register/purchase',
  );
  await expect(page.getByRole('link', { name: b('credits.redeem') })).toHaveAttribute(
    'href',
    '/app/bikes/register/redeem',
  );
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'no-credit');

  await page.goto('/app/register-bike');
  await expect(page.getByText(common('errors.no_subscription'))).toBeVisible();
  await expect(field(page, b('fields.nickname'))).toHaveCount(0);
});

test('the pre-registration questions lead an insured bike to the insurer', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/app/register-bike/pre-registration');
  await expect(heading(page)).toHaveText(b('preRegistration.title'));
  await page.getByRole('button', { name: common('actions.continue') }).click();
  await expect(page.getByRole('alert')).toContainText(common('validation.required'));
  await page.getByText(b('preRegistration.yes'), { exact: true }).click();
  await page.getByRole('button', { name: common('actions.continue') }).click();
  await expect(heading(page)).toHaveText(b('insuranceWarning.title'));
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: b('insuranceWarning.viaInsurer') }).click();
  await expect(heading(page)).toHaveText(b('insuranceStop.title'));
  await expectNoA11yViolations(page);
});
