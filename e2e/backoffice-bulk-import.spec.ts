import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { signInBrowser, signUpViaApi, uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';
import { demoSessionToken } from './support/organisations.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Bulk onboarding (issue 32 §5): an admin uploads a dealer's register (a semicolon-separated Danish
 * Excel CSV), sees the dry run refuse a bad row with its reason, imports the rest and sees the
 * report; the person of the list gets one invitation for both bikes, signs up with that address,
 * and finds the bikes under My bikes.
 */

const ADMIN_EMAIL = 'staff@demo.cykelregister.dk';
const ops = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'backoffice-ops', key), values);
const frameNumber = () => `E2EB${randomInt(10_000_000, 99_999_999)}K`;

test('an admin imports a register with a dry run and a report; the invited person claims the bikes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueEmail('imported');
  const [first, second] = [frameNumber(), frameNumber()];
  const csv = [
    'owner_email;owner_name;frame_number;brand;colour;electric;registered_at;region',
    `${owner};Åse Holm;${first};Kildemoes;black;nej;31.05.2024;DK`,
    `${owner};Åse Holm;${second};"Trek; FX";blue;ja;;DK`,
    `not-an-address;X;${frameNumber()};;;;;DK`,
  ].join('\r\n');

  await signInBrowser(page, await demoSessionToken(page.request, ADMIN_EMAIL));
  await page.goto('/backoffice/v2/bulk-import');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ops('bulkImport.title'));
  const form = page.getByRole('form', { name: ops('bulkImport.uploadTitle') });
  await form.getByRole('textbox', { name: ops('bulkImport.sourceName') }).fill('Cykelhandler Jensen');
  await form.getByLabel(ops('bulkImport.file')).setInputFiles({
    name: 'jensen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
  });
  await form.getByRole('button', { name: ops('bulkImport.dryRun') }).click();

  // The dry run: the bad row with its number and reason; nothing imported yet.
  await expect(page.getByTestId('import-status')).toHaveText(ops('bulkImport.status.staged'));
  const problems = page.getByTestId('import-problems');
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems.getByRole('row').nth(1)).toContainText('4');
  await expect(problems.getByRole('row').nth(1)).toContainText(ops('bulkImport.reasons.owner_email_invalid'));
  await expect(page.getByTestId('import-invalid')).toHaveText('1');
  await reviewScreenshot(page, 'bulk-import-dry-run');
  await expectNoA11yViolations(page);
  if (process.env.E2E_SCREENSHOTS) {
    // The same screen on a phone: the refused rows stack one card per row.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 360, height: 800 });
    await reviewScreenshot(page, 'bulk-import-dry-run-phone');
    if (desktop) await page.setViewportSize(desktop);
  }

  await page.getByRole('button', { name: ops('bulkImport.start', { count: 2 }) }).click();
  // The job runs in the background (the server's worker pass); the screen polls its progress.
  await expect(page.getByTestId('import-status')).toContainText(ops('bulkImport.status.done'), {
    timeout: 45_000,
  });
  await expect(page.getByTestId('import-imported')).toHaveText('2');
  await expect(page.getByTestId('import-invitations')).toHaveText('1');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: ops('bulkImport.report') }).click();
  const report = await (await download).path();
  const lines = (await readFile(report, 'utf8')).trim().split('\r\n');
  expect(lines[1]).toBe(`2,${first},,imported,,`);
  expect(lines[3]).toContain('rejected,owner_email_invalid');
  await reviewScreenshot(page, 'bulk-import-done');

  // One invitation for both bikes, in Danish.
  const invitation = await waitForMail(page.request, owner, { linkPath: '/app/my-bikes' });
  expect(invitation.subject).toBe('Dine cykler fra Cykelhandler Jensen er i Cykelregistret');
  // The person signs up with that address and confirms it: the bikes are theirs.
  const person = await signUpViaApi(page.request, { email: owner });
  await signInBrowser(page, person.token);
  await page.goto('/app/my-bikes');
  // Each bike is named by its brand (its nickname), as imported.
  await expect(page.getByText('Kildemoes').first()).toBeVisible();
  await expect(page.getByText('Trek; FX').first()).toBeVisible();
});
