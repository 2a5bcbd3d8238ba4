import type { BikeSummary } from '@nbr/domain/bikes';
import type { PickupList } from '@nbr/domain/finds';
import type { Profile } from '@nbr/domain/identity';
import type { Transfer } from '@nbr/domain/ownership';
import type { TheftReportDraft } from '@nbr/domain/theft';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickupsQueryKey } from '../../features/finds/api/pickups.ts';
import { theftDraftQueryKey } from '../../features/theft/api/theft-report.ts';
import { bikesQueryKey } from '../../lib/api/bikes/get-bikes.ts';
import { profileQueryKey } from '../../lib/api/identity/get-profile.ts';
import { transfersQueryKey } from '../../lib/api/ownership/transfers.ts';
import { queryClient } from '../../lib/query-client.ts';
import { initTestI18n } from '../../test/i18n.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { Component as AppHome } from './app-home.tsx';

/*
 * /app, the signed-in start page: what waits for the person (a bike offered to them, a bike held
 * for pickup, a theft report saved to finish later) and the way to the MitID/BankID check; nothing
 * of the kind for a new person with nothing waiting.
 */

beforeAll(() => initTestI18n('en', ['common', 'bikes']));

const PERSON = '019ac15e-0000-7000-8000-000700000001';
const BIKE = '019ac15e-0000-7000-8000-000700000002';
const CHAT = '019ac15e-0000-7000-8000-000700000003';

const profile: Profile = {
  party_id: PERSON,
  identity_party_id: PERSON,
  email: 'mette@example.dk',
  pending_email: null,
  email_verified: true,
  verified_on: null,
  name: null,
  first_name: 'Mette',
  last_name: 'Hansen',
  verified_name: null,
  street_address: null,
  floor: null,
  side: null,
  door: null,
  zip_code: null,
  city: null,
  mobile: null,
  phone: null,
  language: 'en',
  region: 'dk',
  club_membership_number: null,
  signed_up_at: '2026-11-01T10:00:00.000Z',
  staff_role: null,
  deletion_needs_approval: false,
};

const ownBike: BikeSummary = {
  bike_id: BIKE,
  bike_ownership_id: '019ac15e-0000-7000-8000-000700000004',
  nickname: 'Blue',
  frame_number: 'WDA12345Z',
  plate_id: null,
  brand: 'Kildemoes',
  model: 'Logic',
  category: null,
  color: null,
  status: 'registered',
  visibility: 'searchable',
  created_at: '2026-11-01T10:00:00.000Z',
  thumbnail_url: null,
};

const offered = {
  transfer_id: '019ac15e-0000-7000-8000-000700000005',
  status: 'pending',
  direction: 'incoming',
  bike: {
    bike_id: '019ac15e-0000-7000-8000-000700000006',
    nickname: null,
    brand: 'Christiania',
    model: 'Light',
    category: null,
    color: null,
    is_electric: false,
    frame_number: 'WBK1234567X',
    plate_id: null,
    thumbnail_url: null,
  },
  sender_name: 'Søren',
  recipient_email: null,
  chat_id: CHAT,
  actions: ['accept', 'reject'],
  created_at: '2026-12-01T10:00:00.000Z',
  expires_at: '2026-12-15T10:00:00.000Z',
  decided_at: null,
} satisfies Transfer;

const held = {
  pickup_id: '019ac15e-0000-7000-8000-000700000007',
  bike_id: BIKE,
  status: 'waiting',
  place: 'Politigården',
  collect_until: '2026-12-20',
  note: null,
  found_on: null,
  holder_name: 'Københavns Politi',
  holder_kind: 'organisation',
  chat_id: null,
  actions: ['collected'],
  stolen_report_linked: false,
  unregistered_bike: null,
  photo_url: null,
  is_holder: false,
  bike: { ...offered.bike, bike_id: BIKE, nickname: 'Blue' },
  created_at: '2026-12-01T10:00:00.000Z',
  closed_at: null,
} satisfies PickupList['for_me'][number];

function show(options: {
  transfers: Transfer[];
  pickups: PickupList['for_me'];
  draftSaved: boolean;
  emailVerified?: boolean;
}) {
  queryClient.setQueryData(profileQueryKey, { ...profile, email_verified: options.emailVerified ?? true });
  queryClient.setQueryData(bikesQueryKey, [ownBike]);
  queryClient.setQueryData(transfersQueryKey, options.transfers);
  queryClient.setQueryData(pickupsQueryKey, { for_me: options.pickups, held_by_me: [] });
  queryClient.setQueryData(theftDraftQueryKey(BIKE), {
    bike_id: BIKE,
    saved_at: options.draftSaved ? '2026-12-02T10:00:00.000Z' : null,
  } as TheftReportDraft);
  return renderRoute([{ path: '/', element: <AppHome /> }]);
}

describe('/app', () => {
  // Whatever is asked again stays unanswered: the screen shows the answers set above.
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    ),
  );
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists a bike offered to the person, a bike held for pickup and a saved theft report, each with its way on', async () => {
    show({ transfers: [offered], pickups: [held], draftSaved: true });
    const pending = await screen.findByRole('region', { name: 'Waiting for you' });
    const items = within(pending).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Søren wants to transfer Christiania Light to you.'),
      expect.stringContaining('Blue is waiting to be collected: Politigården'),
      expect.stringContaining('Your theft report for Blue is saved but not sent.'),
    ]);
    expect(within(pending).getByRole('link', { name: 'See the offer' }).getAttribute('href')).toBe(
      `/app/chats/${CHAT}`,
    );
    expect(within(pending).getByRole('link', { name: 'See the pickup' }).getAttribute('href')).toBe(
      '/app/item-pickup',
    );
    expect(within(pending).getByRole('link', { name: 'Finish the report' }).getAttribute('href')).toBe(
      `/app/my-bikes/${BIKE}/stolen-bike-report`,
    );
  });

  it('shows nothing waiting when nothing waits, and links the MitID check while the identity is unverified', async () => {
    show({ transfers: [{ ...offered, direction: 'outgoing' }], pickups: [], draftSaved: false });
    await screen.findByRole('region', { name: 'Your account' });
    expect(screen.queryByRole('region', { name: 'Waiting for you' })).toBeNull();
    const verify = screen.getByRole('link', { name: 'Verify your identity with MitID' });
    expect(verify.getAttribute('href')).toContain('/app/redirects/verification-begin-redirect');
    expect(verify.getAttribute('href')).toContain('type=identity_verification');
  });

  it('tells a new person whose address is not confirmed yet as information, not as a warning', async () => {
    show({ transfers: [], pickups: [], draftSaved: false, emailVerified: false });
    const notice = (await screen.findByText('E-mail not confirmed yet')).closest('div[class*="alert"]');
    expect(notice?.className).toMatch(/info/);
    expect(notice?.className).not.toMatch(/warning/);
    // The MitID check waits for the confirmed address, and says so instead of linking.
    expect(screen.queryByRole('link', { name: 'Verify your identity with MitID' })).toBeNull();
  });

  it('lets the address of the account wrap after the @ and before its dots, not mid-word at 360 px (issue 27)', async () => {
    show({ transfers: [], pickups: [], draftSaved: false });
    const account = await screen.findByRole('region', { name: 'Your account' });
    const address = account.querySelector('dd');
    expect(address?.textContent).toBe('mette@example.dk');
    expect(address?.querySelectorAll('wbr').length).toBe(2);
  });
});
