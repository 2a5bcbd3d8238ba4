import type { Locator, Page } from '@playwright/test';
import { signedInUser, signInBrowser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * An admin builds a campaign's flow in /backoffice/v2/flows (issue 29 §2): creates it, builds two
 * steps with a choice question and a route, saves a definition that loops and sees the API's message
 * at the step it is about (and in the list on top), fixes it, saves, publishes version 1 and takes
 * the flow offline again.
 */

const ADMIN_EMAIL = 'staff@demo.cykelregister.dk';
const SUPPORT_EMAIL = 'support@demo.cykelregister.dk';
const t = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'backoffice-flows', key), values);

/** A step's section, by its number ("Trin 2: …"). */
function step(page: Page, number: number): Locator {
  return page.getByRole('region', {
    name: new RegExp(`^${escapeRegExp(t('editor.stepName', { number }))}:`),
  });
}

/** Picks an option of a select (a select's button is named by its value, then its label). */
async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole('button', { name: new RegExp(` ${escapeRegExp(label)}$`) }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

test('an admin builds a flow, sees a loop refused at its place, fixes it, publishes and unpublishes it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const token = await demoSessionToken(page.request, ADMIN_EMAIL);
  await signInBrowser(page, token);
  const memo = `cykeldag-${Date.now().toString(36)}`;

  await page.goto('/backoffice/v2/flows');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('list.title'));
  const create = page.getByRole('form', { name: t('create.title') });
  // A reserved address is refused with the API's message at the field.
  await create.getByRole('textbox', { name: t('create.memo') }).fill('login');
  await create.getByRole('textbox', { name: t('create.flowTitle') }).fill('Cykeldag');
  await create.getByRole('button', { name: t('create.submit') }).click();
  const reserved = text('da', 'common', 'errors.flow_memo_reserved');
  await expect(create.getByRole('textbox', { name: t('create.memo') })).toHaveAccessibleDescription(
    new RegExp(escapeRegExp(reserved)),
  );
  await create.getByRole('textbox', { name: t('create.memo') }).fill(memo);
  await create.getByRole('button', { name: t('create.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/v2/flows/${memo}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cykeldag');
  await expect(page.getByTestId('flow-running')).toHaveText(t('publish.notPublished'));

  // Step 1 asks whether the visitor has a bike (a choice of two).
  const first = step(page, 1);
  await first.getByRole('button', { name: t('editor.addQuestion') }).click();
  await choose(first, t('editor.questionKind'), t('questionKinds.choice'));
  await first.getByRole('textbox', { name: t('editor.questionId') }).fill('has_bike');
  const question = first.getByRole('group', { name: t('editor.questionLabel') });
  await question.getByRole('textbox', { name: t('languages.da') }).fill('Har du en cykel?');
  const choices = first.getByRole('group', { name: t('editor.choiceLabel') });
  await choices
    .nth(0)
    .getByRole('textbox', { name: t('languages.da') })
    .fill('Ja');
  await choices
    .nth(1)
    .getByRole('textbox', { name: t('languages.da') })
    .fill('Nej');

  // Step 2 thanks them; step 1 goes on to it by itself.
  await page.getByRole('button', { name: t('editor.addStep') }).click();
  const second = step(page, 2);
  await second
    .getByRole('group', { name: t('editor.stepTitle') })
    .getByRole('textbox', { name: t('languages.da') })
    .fill('Tak');
  await expect(step(page, 2)).toBeVisible();

  // A route: with a bike, go to step 2; otherwise the flow ends.
  await first.getByRole('button', { name: t('editor.addRoute') }).click();
  const stepTwoOption = t('editor.targetStep', { number: 2, title: 'Tak', memo: 'step-2' });
  await choose(first, t('editor.goTo'), stepTwoOption);
  await choose(first, t('editor.otherwise'), t('editor.targetEnd'));

  // A loop: step 2 leads back to step 1. Saving is refused and says so at step 2.
  const stepOneOption = t('editor.targetStep', { number: 1, title: 'Cykeldag', memo: 'start' });
  await choose(second, t('editor.next'), stepOneOption);
  await page.getByRole('button', { name: t('editor.save') }).click();
  const problems = page.getByTestId('flow-problems');
  await expect(problems.getByRole('listitem')).toHaveCount(1);
  const item = await problems.getByRole('listitem').innerText();
  const message = item.slice(item.indexOf(': ') + 2).trim();
  expect(message).toContain('start');
  await expect(second.getByText(message, { exact: true })).toBeVisible();
  // The link takes the reader there; nothing typed is lost.
  await problems.getByRole('link').click();
  await expect(
    second.getByRole('button', { name: new RegExp(` ${escapeRegExp(t('editor.next'))}$`) }),
  ).toHaveAccessibleName(new RegExp(`^${escapeRegExp(stepOneOption)}`));
  await expect(first.getByRole('textbox', { name: t('editor.questionId') })).toHaveValue('has_bike');
  await expectNoA11yViolations(page);
  // Leaving with unsaved changes asks first; staying keeps them.
  await page.getByRole('link', { name: t('flow.back') }).click();
  const leave = page.getByRole('dialog', { name: t('leave.title') });
  await leave.getByRole('button', { name: t('leave.stay') }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/backoffice/v2/flows/${memo}$`));
  await expect(first.getByRole('textbox', { name: t('editor.questionId') })).toHaveValue('has_bike');

  // Fixed: step 2 ends the flow.
  await choose(second, t('editor.next'), t('editor.targetEnd'));
  await page.getByRole('button', { name: t('editor.save') }).click();
  await expect(page.getByText(t('editor.saved'))).toBeVisible();
  await expect(problems).toHaveCount(0);

  // Published as version 1, with a confirmation first.
  await page.getByRole('button', { name: t('publish.publish', { version: 1 }) }).click();
  const confirm = page.getByRole('alertdialog', { name: t('publish.confirmTitle', { version: 1 }) });
  await confirm.getByRole('button', { name: t('publish.publish', { version: 1 }) }).click();
  await expect(page.getByTestId('flow-running')).toHaveText(t('publish.running', { version: 1 }));
  await expect(page.getByTestId('flow-versions')).toContainText(t('publish.version', { version: 1 }));

  // Its funnel: nobody walked version 1 yet; a visitor who begins it is counted.
  await expect(page.getByText(t('funnel.noWalks'))).toBeVisible();
  const walk = await page.request.post(`/api/flows/${memo}/walks`);
  expect(walk.status()).toBe(201);
  await page.reload();
  const funnel = page.getByRole('list', { name: t('funnel.listLabel', { version: 1 }) });
  await expect(funnel.getByRole('listitem').first()).toContainText(
    t('funnel.count', { reached: 1, percent: 100 }),
  );

  // The list shows it running.
  await page.getByRole('link', { name: t('flow.back') }).click();
  const row = page.getByRole('listitem').filter({ hasText: `/${memo}` });
  await expect(row).toContainText(t('list.version', { version: 1 }));
  await row.getByRole('link', { name: 'Cykeldag' }).click();

  // Taken offline, again after a confirmation; the version stays in the list.
  await page.getByRole('button', { name: t('publish.unpublish') }).click();
  await page
    .getByRole('alertdialog', { name: t('publish.unpublishTitle') })
    .getByRole('button', { name: t('publish.unpublish') })
    .click();
  await expect(page.getByTestId('flow-running')).toHaveText(t('publish.notPublished'));
  await expect(page.getByTestId('flow-versions')).toContainText(t('publish.version', { version: 1 }));
});

test('support staff read a flow without changing it; a person without a staff role is refused', async ({
  page,
}) => {
  const admin = await demoSessionToken(page.request, ADMIN_EMAIL);
  const memo = `laes-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/backoffice/flows', {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      memo,
      definition: {
        title: { da: 'Læsetest' },
        steps: [
          {
            memo: 'start',
            title: { da: 'Start' },
            blocks: [],
            questions: [],
            action: null,
            routes: [],
            otherwise: 'end',
          },
        ],
      },
    },
  });
  expect(created.status()).toBe(201);

  await signInBrowser(page, await demoSessionToken(page.request, SUPPORT_EMAIL));
  await page.goto('/backoffice/v2/flows');
  await expect(page.getByRole('link', { name: 'Læsetest' })).toBeVisible();
  await expect(page.getByRole('form', { name: t('create.title') })).toHaveCount(0);
  await page.getByRole('link', { name: 'Læsetest' }).click();
  await expect(page.getByRole('heading', { level: 2, name: t('editor.titleReadOnly') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('editor.save') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('publish.publish', { version: 1 }) })).toHaveCount(0);
  await expect(step(page, 1).getByRole('textbox', { name: t('editor.stepMemo') })).toHaveAttribute(
    'readonly',
    '',
  );

  await page.context().clearCookies();
  await signedInUser(page);
  await page.goto('/backoffice/v2/flows');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('da', 'backoffice', 'noAccess.title'),
  );
});
