import { signInBrowser } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';

test('screens', async ({ page }) => {
  const token = await demoSessionToken(page.request, 'staff@demo.cykelregister.dk');
  const auth = { Authorization: `Bearer ${token}` };
  const memo = `shots-${Date.now().toString(36)}`;
  const definition = {
    title: { da: 'Cykeldag i Aarhus', no: 'Sykkeldag' },
    steps: [
      {
        memo: 'start', title: { da: 'Velkommen' },
        blocks: [{ kind: 'text', text: { da: '## Kom til cykeldag\nVi tjekker din cykel gratis.\n\n- Gratis kaffe\n- Skriv til info@example.dk' } }],
        questions: [{ id: 'has_bike', kind: 'choice', label: { da: 'Har du en cykel?' }, required: true, choices: [{ id: 'yes', label: { da: 'Ja' } }, { id: 'no', label: { da: 'Nej' } }] }],
        action: null,
        routes: [{ when: [{ test: 'equals', question: 'has_bike', value: 'yes' }], go_to: 'register' }],
        otherwise: 'end',
      },
      { memo: 'register', title: { da: 'Registrer din cykel' }, blocks: [], questions: [], action: 'answer_survey', survey_id: '4b9a3f0e-1c1d-4e7a-9a53-2f6f8e1b0c55', routes: [], otherwise: 'end' },
    ],
  };
  const created = await page.request.post('/api/backoffice/flows', { headers: auth, data: { memo, definition } });
  expect(created.status()).toBe(201);
  await signInBrowser(page, token);
  for (const language of ['da', 'no']) {
    await page.goto('/api/health');
    await page.evaluate((l) => window.localStorage.setItem('nbr:language', l), language);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/backoffice/v2/flows');
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/flowshots/list-${language}-${width}.png`, fullPage: true });
      await page.goto(`/backoffice/v2/flows/${memo}`);
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/flowshots/flow-${language}-${width}.png`, fullPage: true });
      // A bad save: the second step loops back.
      const second = page.getByRole('region', { name: /^(Trin|Steg) 2:/ });
      await second.getByRole('button', { name: /(Næste|Neste)$/ }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('button', { name: /^(Gem kladde|Lagre utkast)$/ }).click();
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `/tmp/flowshots/problems-${language}-${width}.png`, fullPage: true });
      await page.getByTestId('flow-problems').getByRole('link').first().click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/flowshots/jump-${language}-${width}.png` });
    }
  }
});
