import type { ReferralOverview } from '@nbr/domain/referrals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { referralOverviewQueryKey } from '../api/get-referral-overview.ts';
import { Component as ReferencingPage } from './referencing-page.tsx';

/*
 * /app/referencing (issue 30 §1): the link is copied, or handed to the phone's share sheet where the
 * browser has one; the people invited show by first name and status; news shows once and is then
 * marked seen.
 */

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n('en', ['common', 'referrals']));
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const LINK = 'https://example.test/signup?friend_ref=ABCDEFGH23';

function show(overrides: Partial<ReferralOverview> = {}) {
  queryClient.setQueryData<ReferralOverview>(referralOverviewQueryKey, {
    code: 'ABCDEFGH23',
    link: LINK,
    qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    rewards_per_month: 5,
    credits_earned: 1,
    referred: [
      {
        first_name: 'Frida',
        deleted: false,
        status: 'bought',
        reward: 'granted',
        refusal: null,
        signed_up_at: '2026-11-20T10:00:00.000Z',
      },
      {
        first_name: null,
        deleted: true,
        status: 'bought',
        reward: 'taken_back',
        refusal: null,
        signed_up_at: '2026-11-21T10:00:00.000Z',
      },
    ],
    notices: [],
    ...overrides,
  });
  return renderRoute([{ path: '/app/referencing', element: <ReferencingPage /> }], '/app/referencing');
}

const seenCalls = () =>
  fetchMock.mock.calls.filter(
    ([input, init]) => String(input).endsWith('/referrals/me/notices/seen') && init?.method === 'POST',
  );

describe('/app/referencing', () => {
  it('lists the people invited by first name and status, a deleted one as deleted, and what was earned', () => {
    show();
    const people = within(screen.getByTestId('referred-people'));
    expect(people.getByText('Frida')).toBeTruthy();
    expect(people.getByText('Deleted person')).toBeTruthy();
    expect(people.getAllByText('Bought')).toHaveLength(2);
    expect(screen.getByTestId('credits-earned').textContent).toBe('You have earned 1 free registration.');
    expect(screen.getByTestId('referral-link').textContent).toBe(LINK);
  });

  it('copies the link where there is no share sheet', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share: undefined });
    show();
    expect(screen.queryByRole('button', { name: 'Share invitation' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await screen.findByText('The link is copied.');
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('hands the link to the phone’s share sheet where there is one', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Share invitation' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK })));
  });

  it('shows news of a reward and marks it seen once; no news, no call', async () => {
    show({
      notices: [{ id: 'n1', kind: 'reward_granted', first_name: 'Frida', at: '2026-11-21T10:00:00.000Z' }],
    });
    expect(screen.getByText('You earned a free registration')).toBeTruthy();
    await waitFor(() => expect(seenCalls()).toHaveLength(1));
    cleanup();
    fetchMock.mockClear();
    show();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seenCalls()).toHaveLength(0);
  });
});
