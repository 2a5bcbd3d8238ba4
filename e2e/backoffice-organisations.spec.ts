import type { Page } from '@playwright/test';
import { signInBrowser, uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';
import { DEMO_STAFF_ADMIN, demoSessionToken, nextCvr } from './support/organisations.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { text } from './support/texts.ts';

/*
 * Issue 30 §3: /backoffice/organisations as staff use it (issue 17 §1). The demo admin creates a
 * police organisation, which only admins may, with its first admin invited by e-mail; the new
 * organisation's page opens, the invitation is mailed, and the list finds it by name.
 */

const bo = (key: string) => text('da', 'backoffice', key);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('staff create a police organisation, its first admin is invited, and the list finds it', async ({
  page,
}) => {
  const name = `E2E Politikreds ${Math.random().toString(36).slice(2, 8)}`;
  const adminEmail = uniqueEmail('police-admin');
  await signInBrowser(page, await demoSessionToken(page.request, DEMO_STAFF_ADMIN));

  await page.goto('/backoffice');
  await page
    .getByRole('navigation', { name: bo('layout.navigation') })
    .getByRole('link', { name: bo('layout.organisations') })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/organisations$/);
  await expect(heading(page)).toHaveText(bo('organisations.title'));
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'organisations');

  // The form of a new organisation: the police are among the types only an admin may create.
  const form = page.locator('#create-organisation');
  await form.getByRole('textbox', { name: bo('organisations.fields.name') }).fill(name);
  await form.getByRole('button', { name: new RegExp(bo('organisations.fields.type')) }).click();
  await page.getByRole('option', { name: text('da', 'organisations', 'types.police') }).click();
  await form.getByRole('textbox', { name: bo('organisations.fields.registrationNumber') }).fill(nextCvr());
  await form.getByRole('textbox', { name: bo('organisations.fields.adminEmail') }).fill(adminEmail);
  await form.getByRole('button', { name: bo('organisations.create') }).click();

  // Its page: the name, the type; the first admin gets the invitation by e-mail.
  await expect(page).toHaveURL(/\/backoffice\/organisations\/[0-9a-f-]{36}$/);
  await expect(heading(page)).toHaveText(name);
  await expect(page.getByText(text('da', 'organisations', 'types.police')).first()).toBeVisible();
  const invitation = await waitForMail(page.request, adminEmail, { subject: name });
  expect(invitation.links.some((link) => link.includes('/app/organisations/invitations/'))).toBe(true);

  // Back in the list, the search finds it by name.
  await page.getByRole('link', { name: bo('organisation.backToList') }).click();
  await page.getByRole('searchbox', { name: bo('organisations.searchLabel') }).fill(name);
  await expect(page.getByRole('link', { name })).toBeVisible();
});
