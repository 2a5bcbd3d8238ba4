import type { CreditOverview } from '@nbr/domain/credits';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { NoCreditState } from './credits-panel.tsx';

beforeAll(() => initTestI18n('en', ['common', 'bikes']));
afterEach(cleanup);

const newPerson: CreditOverview = {
  subscription_active: false,
  current_period_end: null,
  vip: false,
  legacy: false,
  plan: null,
  credits_total: 0,
  credits_free: 0,
  credits_used: 0,
  can_add_bike: false,
  waiting_plate_id: null,
};

describe('NoCreditState', () => {
  it('tells a new person without a subscription the way on as information, not as a warning', async () => {
    renderRoute([{ path: '/', element: <NoCreditState overview={newPerson} /> }]);
    const buy = await screen.findByRole('link', { name: /Buy/ });
    const alert = buy.closest('div[class*="alert"]');
    expect(alert?.className).toMatch(/info/);
    expect(alert?.className).not.toMatch(/warning/);
  });
});
