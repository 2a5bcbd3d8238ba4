import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { setName } from './support/people.ts';
import { text } from './support/texts.ts';

/*
 * Sending in a long chat (issue 14): the composer clears, and one's own message shows in the thread,
 * in order, above the composer that stays at the bottom of the screen, never hidden under it.
 */

const c = (key: string) => text('da', 'chats', key);
const composer = (page: Page) => page.getByRole('textbox', { name: c('composer.label') });

test('one’s own message shows in the thread above the composer, in order @phone', async ({ page }) => {
  const request = page.request;
  const bo = await signUpViaApi(request);
  await setName(request, bo, 'Bo', 'Bech');
  const cecilie = await signUpViaApi(request);
  await setName(request, cecilie, 'Cecilie', 'Clausen');
  const bike = await registerBikeViaApi(request, cecilie, `Lang snak ${Date.now().toString(36)}`);
  const created = await request.post('/api/ownership-requests/', {
    headers: { Authorization: `Bearer ${bo.token}` },
    data: { bike_id: bike.bikeId, message: 'Første besked.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { chat_id: chatId } = (await created.json()) as { chat_id: string };
  for (let n = 1; n <= 8; n += 1) {
    const sent = await request.post(`/api/chats/${chatId}/messages`, {
      headers: { Authorization: `Bearer ${bo.token}` },
      data: { content: `Besked ${n}: ${'lidt tekst om cyklen, '.repeat(8)}` },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  await signInBrowser(page, cecilie.token);
  await page.goto(`/app/chats/${chatId}`);
  await expect(page.getByText(/^Besked 8:/)).toBeVisible();
  await composer(page).fill('Mit svar kommer nederst.');
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');

  const mine = page.getByText('Mit svar kommer nederst.', { exact: true });
  await expect(mine).toBeInViewport();
  // In order: after the last message before it.
  const items = page.getByRole('listitem').filter({ hasText: /Besked 8:|Mit svar kommer nederst\./ });
  await expect(items).toHaveCount(2);
  await expect(items.last()).toContainText('Mit svar kommer nederst.');
  // Above the composer, not under it.
  await expect
    .poll(async () => {
      const message = await mine.boundingBox();
      const form = await page.getByRole('form', { name: c('composer.label') }).boundingBox();
      return message && form ? form.y - (message.y + message.height) : Number.NEGATIVE_INFINITY;
    })
    .toBeGreaterThanOrEqual(0);
});
