import type { ReferralOverview } from '@nbr/domain/referrals';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { referralOverviewQueryKey } from '../api/get-referral-overview.ts';
import { ReferralNews } from './referral-news.tsx';

/* The start page tells an inviter of a reward not seen yet, and leads to their invitations. */

beforeAll(() => initTestI18n('en', ['common', 'referrals']));
afterEach(() => {
  cleanup();
  queryClient.clear();
});

function show(notices: ReferralOverview['notices']) {
  queryClient.setQueryData<ReferralOverview>(referralOverviewQueryKey, {
    code: 'ABCDEFGH23',
    link: 'https://example.test/signup?friend_ref=ABCDEFGH23',
    qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    rewards_per_month: 5,
    credits_earned: 0,
    referred: [],
    notices,
  });
  return renderRoute([{ path: '/', element: <ReferralNews /> }]);
}

describe('ReferralNews', () => {
  it('names the friend whose purchase earned the reward and links to the invitations', async () => {
    show([{ id: 'n1', kind: 'reward_granted', first_name: 'Frida', at: '2026-11-21T10:00:00.000Z' }]);
    expect(await screen.findByText('You earned a free registration')).toBeTruthy();
    expect(screen.getByText(/Frida signed up with your invitation/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your invitations' }).getAttribute('href')).toBe(
      '/app/referencing',
    );
  });

  it('shows nothing without news', () => {
    const { container } = show([]);
    expect(container.textContent).toBe('');
  });
});
