import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { secondBrowser, setName } from './support/people.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { fillText, text } from './support/texts.ts';
import { reportStolenViaApi } from './support/theft.ts';

/*
 * Resale certificates (issue 32 §4), at the width a buyer scans with: Cecilie makes a certificate on
 * her bike's page; Bo opens it, sees it genuine and current, and asks for the bike with the ownership
 * request that exists. Once Cecilie reports the bike stolen, the same page warns Bo at once.
 */

const cert = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'certificates', key), values);
const o = (key: string) => text('da', 'ownership', key);

test('a buyer sees a genuine, current certificate, asks for the bike, and then sees it stolen @phone', async ({
  page,
  browser,
  viewport,
}) => {
  test.setTimeout(150_000);
  const request = page.request;
  const cecilie = await signUpViaApi(request);
  await setName(request, cecilie, 'Cecilie', 'Clausen');
  const bo = await signUpViaApi(request);
  const bike = await registerBikeViaApi(request, cecilie, `Cecilies cykel ${Date.now().toString(36)}`);

  // The owner makes the certificate on her bike's page: link, QR code, PDF.
  await signInBrowser(page, cecilie.token);
  await page.goto(`/app/my-bikes/${bike.bikeId}`);
  const card = page.getByRole('region', { name: cert('owner.title') });
  await card.getByRole('button', { name: cert('owner.make') }).click();
  await expect(card.getByText(cert('owner.issuedTitle'))).toBeVisible();
  await expect(card.getByRole('img', { name: cert('owner.qrAlt') })).toBeVisible();
  const pdf = card.getByRole('link', { name: cert('owner.pdf') });
  const pdfAnswer = await request.get((await pdf.getAttribute('href')) ?? '');
  expect(pdfAnswer.headers()['content-type']).toBe('application/pdf');
  const link = card.getByRole('link', { name: /\/certifikat\/[0-9a-f-]{36}$/ });
  const pageUrl = new URL((await link.getAttribute('href')) ?? '');
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await card.getByText(cert('owner.issuedTitle')).scrollIntoViewIfNeeded();
  await reviewScreenshot(page, 'certificate-owner', { fullPage: false });
  await expectNoA11yViolations(page);

  // The buyer opens it: genuine and current, the bike's facts, no names, and the request.
  const buyer = await secondBrowser(browser, { viewport });
  await signInBrowser(buyer, bo.token);
  await buyer.goto(pageUrl.pathname);
  await expect(buyer.getByText(cert('page.currentTitle'))).toBeVisible();
  await expect(buyer.getByText('Kildemoes', { exact: true })).toBeVisible();
  await expect(buyer.getByText(bike.frameNumber.slice(-3), { exact: false })).toBeVisible();
  await expect(buyer.getByText('Cecilie')).toHaveCount(0);
  await expect(buyer.getByText(bike.frameNumber)).toHaveCount(0);
  await reviewScreenshot(buyer, 'certificate-buyer-current');
  await expectNoA11yViolations(buyer);
  await buyer.getByRole('link', { name: o('public.request') }).click();
  await expect(buyer).toHaveURL(new RegExp(`/app/bikes/request-ownership/${bike.bikeId}$`));
  await buyer.getByRole('textbox', { name: o('request.message') }).fill('Jeg har set dit salgscertifikat.');
  await buyer.getByRole('button', { name: o('request.send') }).click();
  await expect(buyer).toHaveURL(/\/app\/bikes\/request-ownership\/success\/[0-9a-f-]{36}$/);

  // The owner reports it stolen: the certificate's page says so at once, and offers no request.
  await reportStolenViaApi(request, cecilie.token, bike.bikeId);
  await buyer.goto(pageUrl.pathname);
  await expect(buyer.getByText(cert('page.stolenTitle'))).toBeVisible();
  await expect(buyer.getByRole('link', { name: o('public.request') })).toHaveCount(0);
  await reviewScreenshot(buyer, 'certificate-buyer-stolen', { fullPage: false });
  await buyer.context().close();
});
