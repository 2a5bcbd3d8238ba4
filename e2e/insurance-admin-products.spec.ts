import type { Page } from '@playwright/test';
import { signInBrowser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { actingSession, DEMO_INSURER, DEMO_INSURER_USER } from './support/organisations.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 16 §4 in the browser: the insurer's admin opens its covers from the admin page, tries a
 * tariff the rules refuse (a price band's upper limit that is not a whole number) and sees why,
 * nothing saved; then changes the English terms of its contents add-on and saves. The demo cover is
 * put back through the API afterwards (the other journeys price against the demo insurer's covers;
 * only the English terms, which they do not read, change meanwhile).
 */

const t = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'insurer-admin', key), values);

interface Cover {
  cover_kind: string;
  names: Record<string, string>;
  terms: Record<string, string>;
  tariff: unknown;
  accepted_locks: string[];
  required_uploads: string[];
}

async function covers(page: Page, partyId: string, token: string): Promise<Cover[]> {
  const response = await page.request.get(`/api/insurance/${partyId}/admin/products`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Cover[];
}

test('the insurer’s admin changes a cover’s terms, and a bad tariff is refused with its reason', async ({
  page,
}) => {
  const { token, partyId } = await actingSession(page.request, DEMO_INSURER_USER, DEMO_INSURER);
  const original = (await covers(page, partyId, token)).find(
    (cover) => cover.cover_kind === 'contents_addon',
  );
  expect(original).toBeDefined();
  const changedTerms = `${original!.terms.en} (e2e ${Date.now().toString(36)})`;
  try {
    await signInBrowser(page, token);
    await page.goto(`/insurance/${partyId}/admin`);
    await page.getByRole('link', { name: t('admin.productsLink') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('products.title'));
    const form = page.getByRole('form', { name: t('products.formTitle', { name: original!.names.da! }) });

    const firstLimit = form.getByRole('textbox', { name: t('products.maxPrice', { number: 1 }) });
    const limit = await firstLimit.inputValue();
    await firstLimit.fill('ti tusind');
    await form.getByRole('button', { name: t('products.save') }).click();
    await expect(form.getByText(text('da', 'common', 'validation.invalid_price_bands'))).toBeVisible();
    await expectNoA11yViolations(page);

    await firstLimit.fill(limit);
    await form.getByRole('textbox', { name: t('products.termsIn.en') }).fill(changedTerms);
    await form.getByRole('button', { name: t('products.save') }).click();
    await expect(form.getByText(t('products.saved', { name: original!.names.da! }))).toBeVisible();
    const saved = (await covers(page, partyId, token)).find((cover) => cover.cover_kind === 'contents_addon');
    expect(saved).toMatchObject({
      terms: { ...original!.terms, en: changedTerms },
      tariff: original!.tariff,
    });
  } finally {
    const { cover_kind: coverKind, names: _names, ...rest } = original!;
    const restored = await page.request.put(`/api/insurance/${partyId}/admin/products/${coverKind}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        terms: rest.terms,
        tariff: rest.tariff,
        accepted_locks: rest.accepted_locks,
        required_uploads: rest.required_uploads,
      },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
