import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signInBrowser, verifiedAccountViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { nextCvr } from './support/organisations.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { text } from './support/texts.ts';

/*
 * Issue 32 §1: an organisation's admin sets the webhook on the API keys page, sees the signing secret
 * once, sends a test event to a receiver on this machine (allowed outside production only) and sees it
 * delivered; the receiver gets it signed with that secret. The business is made through the API.
 */

const t = (key: string, values: Record<string, string> = {}) =>
  text('da', 'organisations', key).replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

test('an organisation admin sets the webhook, sees the secret once and sees a test event delivered', async ({
  page,
}) => {
  const deliveries: Delivery[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/nbr`;

  try {
    const admin = await verifiedAccountViaApi(page.request, 'webhook');
    const name = `Brugtmarked ${randomBytes(2).toString('hex')} ApS`;
    const created = await page.request.post('/api/organisations', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { name, type: 'business', region: 'dk', registration_number: nextCvr() },
    });
    expect(created.status(), await created.text()).toBe(201);
    await signInBrowser(page, admin.token);

    await page.goto('/app/organisations');
    await page.getByRole('link', { name: t('list.manageApiKeys', { name }) }).click();
    const section = page.locator('#webhook');
    await expect(section.getByText(t('webhook.none'))).toBeVisible();

    await section.getByLabel(t('webhook.url'), { exact: true }).fill(receiverUrl);
    await section.getByRole('button', { name: t('webhook.create') }).click();
    const shown = page.getByTestId('webhook-secret');
    await expect(shown).toHaveText(/^nbr_whsec_[A-Za-z0-9_-]{43}$/);
    const secret = (await shown.textContent()) ?? '';
    await expect(section.getByText(t('webhook.saved'))).toBeVisible();
    await expectNoA11yViolations(page);
    await reviewScreenshot(page, 'webhook-secret-desktop');

    // Once hidden, the secret is gone from the page for good; only its first characters are shown.
    await section.getByRole('button', { name: t('webhook.hideSecret') }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    await page.reload();
    await expect(page.locator('#webhook').getByText(secret.slice(0, 14), { exact: false })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    await page
      .locator('#webhook')
      .getByRole('button', { name: t('webhook.sendTest') })
      .click();
    await expect(page.locator('#webhook').getByText(t('webhook.testQueued'))).toBeVisible();
    // The delivery pass runs every couple of seconds; the list asks again while the event waits.
    const list = page.getByRole('list', { name: t('webhook.deliveriesTitle') });
    await expect(
      list.getByText(`${t('webhook.types.webhook_test')} · ${t('webhook.statuses.delivered')}`),
    ).toBeVisible({ timeout: 20_000 });
    await expect(list.getByText(t('webhook.httpStatus', { status: '204' }), { exact: false })).toBeVisible();

    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    const body = JSON.parse(delivery?.body ?? '{}') as { id: string; type: string };
    expect(body.type).toBe('webhook.test');
    expect(delivery?.headers['nbr-webhook-id']).toBe(body.id);
    await expect(list.getByText(t('webhook.eventId', { id: body.id }))).toBeVisible();
    const timestamp = String(delivery?.headers['nbr-webhook-timestamp']);
    const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${delivery?.body}`).digest('hex')}`;
    expect(delivery?.headers['nbr-webhook-signature']).toBe(expected);

    await reviewScreenshot(page, 'webhook-delivered-desktop');
    if (process.env.E2E_SCREENSHOTS) {
      await page.setViewportSize({ width: 360, height: 800 });
      await reviewScreenshot(page, 'webhook-delivered-phone');
    }
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
