import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signedInUser } from './support/accounts.ts';
import { freeSticker, grantCredits, uniqueFrameNumber } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * The picture chosen on the registration form is the bike's from the very next screen (issue 14):
 * the form created the bike (cached without a picture) and uploaded the picture after, so the next
 * screen showed no picture until a reload.
 */

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const b = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'bikes', key), values);

test('the picture chosen on the registration form shows on the next screen without a reload @phone', async ({
  page,
}) => {
  const owner = await signedInUser(page);
  await grantCredits(page.request, owner.email, 1);
  const plate = await freeSticker(page.request);

  await page.goto('/app/register-bike');
  await page
    .getByRole('textbox', { name: new RegExp(`^${escapeRegExp(b('fields.nickname'))}`) })
    .fill('Cykel med billede');
  await page
    .getByRole('textbox', { name: new RegExp(`^${escapeRegExp(b('fields.frameNumber'))}`) })
    .fill(uniqueFrameNumber());
  await page.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(b('fields.plateId'))}`) }).fill(plate);
  await expect(page.getByText(b('identifiers.plateValid', { plate_id: plate }))).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: b('pictures.choose'), exact: true }).click();
  await (await chooser).setFiles(join(FIXTURES, 'bike.png'));
  await expect(page.getByRole('img', { name: b('register.picturePreview') })).toBeVisible();
  await page.getByRole('button', { name: b('register.submit') }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(b('intro.title'));
  await expect(
    page.getByRole('img', { name: b('pictures.alt', { kind: b('pictureKinds.public') }) }),
  ).toBeVisible();
});
