import type { PersonDetail } from '@nbr/domain/backoffice-people';
import type { StaffReferrals } from '@nbr/domain/referrals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { personQueryKey } from '../api/get-person.ts';
import { personReferralsQueryKey } from '../api/get-person-referrals.ts';
import { Component as PersonPage } from './person-page.tsx';

/*
 * A person's page offers what the staff member's role may do (the API's `capabilities`): support
 * corrects details and mails links; only admins block, move the e-mail and read national identity.
 * Corrections send only the changed fields, always with a reason.
 */

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n('en', ['common', 'backoffice']));
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => new Response('{}', { status: 404 }));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const PERSON = '019ac15e-0000-7000-8000-000700000001';

function show(
  role: 'support' | 'admin',
  overrides: Partial<PersonDetail['profile']> = {},
  trail: NonNullable<PersonDetail['audit_trail']> = [],
  referrals: StaffReferrals = { code: null, referred_by: null, referred: [] },
) {
  const detail = personDetail(role, overrides, trail);
  queryClient.setQueryData(personQueryKey(PERSON), detail);
  queryClient.setQueryData(personReferralsQueryKey(PERSON), referrals);
  return renderRoute(
    [{ path: '/backoffice/identities/:identityPartyId', element: <PersonPage /> }],
    `/backoffice/identities/${PERSON}`,
  );
}

function personDetail(
  role: 'support' | 'admin',
  overrides: Partial<PersonDetail['profile']>,
  trail: NonNullable<PersonDetail['audit_trail']>,
): PersonDetail {
  return {
    profile: {
      identity_party_id: PERSON,
      email: 'ida@example.test',
      pending_email: null,
      email_verified: true,
      verified_on: null,
      first_name: 'Ida',
      last_name: 'Hansen',
      street_address: null,
      floor: null,
      side: null,
      door: null,
      zip_code: null,
      city: 'Odense',
      mobile: null,
      phone: null,
      language: 'da',
      region: 'dk',
      signed_up_at: '2026-01-01T10:00:00.000Z',
      staff_role: null,
      blocked_at: null,
      ...overrides,
    },
    bikes: [],
    orders: [],
    consents: [],
    sessions: [],
    audit_trail: role === 'admin' ? trail : null,
    capabilities:
      role === 'admin'
        ? [
            'view_person',
            'edit_profile',
            'edit_email',
            'block',
            'resend_mails',
            'view_audit_trail',
            'read_national_identity',
            'switch_user',
          ]
        : ['view_person', 'edit_profile', 'resend_mails', 'switch_user'],
  };
}

describe('/backoffice/identities/{id}', () => {
  it('offers support the corrections and mails, not blocking, the e-mail or national identity', () => {
    show('support');
    expect(screen.getByRole('heading', { level: 1, name: 'Ida Hansen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a password reset link' })).toBeTruthy();
    expect(screen.getByLabelText('Town')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block account' })).toBeNull();
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Read the checks' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Audit trail' })).toBeNull();
  });

  it('offers admins blocking, the e-mail, national identity and the audit trail', () => {
    show('admin');
    expect(screen.getByRole('button', { name: 'Block account' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Read the checks' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audit trail' })).toBeTruthy();
  });

  it('shows a blocked account as blocked, with the way to lift it and no switching in', () => {
    show('admin', { blocked_at: '2026-11-20T10:00:00.000Z' });
    expect(screen.getByText(/Blocked since/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lift block' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Switch to this user' })).toBeNull();
  });

  it('names the audited actions in the trail, and shows one it does not know as recorded', () => {
    const event = (id: string, action: string) => ({
      id: `019ac15e-0000-7000-8000-00080000000${id}`,
      action,
      actor_party_id: null,
      target_party_id: PERSON,
      session_id: null,
      details: null,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    show('admin', {}, [event('1', 'backoffice.person_blocked'), event('2', 'backoffice.brand_new')]);
    const trail = within(document.getElementById('audit-trail')!);
    expect(trail.getByText('Account blocked')).toBeTruthy();
    expect(trail.queryByText('backoffice.person_blocked')).toBeNull();
    expect(trail.getByText('backoffice.brand_new')).toBeTruthy();
  });
});

describe('the referrals of /backoffice/identities/{id} (issue 30 §1)', () => {
  it('names who invited the person and whom they invited, with each reward', () => {
    show('support', {}, [], {
      code: 'ABCDEFGH23',
      referred_by: { party_id: '019ac15e-0000-7000-8000-000700000002', name: 'Inge Inviter' },
      referred: [
        {
          party_id: '019ac15e-0000-7000-8000-000700000003',
          name: 'Frida Friend',
          deleted: false,
          signed_up_at: '2026-11-20T10:00:00.000Z',
          status: 'bought',
          reward: 'refused',
          refusal: 'same_card',
          order_id: '019ac15e-0000-7000-8000-000700000004',
          rewarded_at: '2026-11-21T10:00:00.000Z',
        },
      ],
    });
    const card = within(document.getElementById('referrals')!);
    expect(card.getByText('Referral code: ABCDEFGH23')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Inge Inviter' })).toBeTruthy();
    expect(card.getByRole('link', { name: 'Frida Friend' })).toBeTruthy();
    expect(card.getByTestId('person-referrals').textContent).toMatch(/bought · no reward \(same card\)/);
  });
});

describe('correcting the details of /backoffice/identities/{id}', () => {
  /** The PATCH answers `answer`; the page's reload after a save gets the person as shown. */
  function answerPatchWith(answer: Response) {
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'PATCH') return answer.clone();
      return Response.json(personDetail('support', {}, []));
    });
  }

  const patches = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) }));

  const details = () => within(document.getElementById('edit')!);

  function fill(label: string, value: string) {
    fireEvent.change(details().getByLabelText(label), { target: { value } });
  }

  const save = () => fireEvent.click(details().getByRole('button', { name: 'Save changes' }));

  function unprocessable(loc: string[], type: string) {
    return Response.json({ detail: [{ loc, msg: 'Not valid', type }] }, { status: 422 });
  }

  it('asks for the reason before it sends anything', async () => {
    show('support');
    fill('Town', 'Vejle');
    save();
    expect(await details().findByText('This field is required.')).toBeTruthy();
    expect(details().getByText('Please fill in all fields.')).toBeTruthy();
    expect(details().getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(patches()).toEqual([]);
  });

  it('sends only the changed fields, with the reason, and says it is saved', async () => {
    answerPatchWith(Response.json({ ...personDetail('support', {}, []).profile, city: 'Vejle' }));
    show('support');
    fill('Town', 'Vejle');
    fill('Mobile', '20 30 40 50');
    fill('Reason', 'Ticket #88: moved');
    save();
    expect(await details().findByText('The changes are saved and logged.')).toBeTruthy();
    expect(patches()).toEqual([
      {
        url: expect.stringMatching(new RegExp(`/backoffice/identities/${PERSON}$`)),
        body: { city: 'Vejle', mobile: '20304050', reason: 'Ticket #88: moved' },
      },
    ]);
    expect((details().getByLabelText('Reason') as HTMLInputElement).value).toBe('');
  });

  it('puts a refusal of one field beside that field', async () => {
    answerPatchWith(unprocessable(['body', 'zip_code'], 'invalid_zip_code'));
    show('support');
    fill('Postcode', '0000');
    fill('Reason', 'Ticket #89');
    save();
    await waitFor(() =>
      expect(details().getByLabelText('Postcode').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(details().getAllByText('The postal code must be four digits.').length).toBeGreaterThan(0);
  });

  it('shows a refusal that names no field of the form above it', async () => {
    answerPatchWith(unprocessable(['body', 'door'], 'invalid_unit_number'));
    show('support', { region: 'no' });
    fill('Town', 'Bergen');
    fill('Reason', 'Ticket #90');
    save();
    expect(
      await details().findByText('Enter the unit number as a letter and four digits, for example H0101.'),
    ).toBeTruthy();
    expect(details().queryByText('The changes are saved and logged.')).toBeNull();
  });
});

describe('the recorded values on /backoffice/identities/{id}', () => {
  beforeAll(() => initTestI18n('da', ['common', 'backoffice']));

  it('names statuses and consents in the reader language, never as their raw values', () => {
    const detail = personDetail('admin', {}, []);
    detail.bikes = [
      {
        bike_id: '019ac15e-0000-7000-8000-000900000001',
        nickname: 'Racer',
        brand: null,
        model: null,
        frame_number: 'WBK1234567X',
        status: 'stolen',
        registered_at: '2026-02-01T10:00:00.000Z',
      },
    ];
    detail.orders = [
      {
        order_id: '019ac15e-0000-7000-8000-000900000002',
        status: 'fulfilled',
        shipment_status: 'shipped',
        total_minor: 14900,
        currency: 'DKK',
        created_at: '2026-02-01T10:00:00.000Z',
      },
    ];
    detail.consents = [
      { type: 'privacy', granted: true, decided_at: '2026-02-01T10:00:00.000Z' },
      { type: 'newsletter', granted: false, decided_at: '2026-02-01T10:00:00.000Z' },
    ];
    queryClient.setQueryData(personQueryKey(PERSON), detail);
    renderRoute(
      [{ path: '/backoffice/identities/:identityPartyId', element: <PersonPage /> }],
      `/backoffice/identities/${PERSON}`,
    );
    const shown = ['bikes', 'orders', 'consents']
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join('\n');
    expect(shown).toContain('Meldt stjålet');
    expect(shown).toContain('Gennemført · forsendelse: sendt');
    expect(shown).toContain('Privatlivspolitik: samtykke givet');
    expect(shown).toContain('Nyhedsbrev: samtykke afvist');
    expect(shown).not.toMatch(
      /\b(registered|stolen|pending|paid|fulfilled|failed|cancelled|refunded|none|waiting|packed|shipped|privacy|terms|newsletter|ja|nej)\b/,
    );
  });
});
