import type { PersonDetail } from '@nbr/domain/backoffice-people';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { personQueryKey } from '../api/get-person.ts';
import { Component as PersonPage } from './person-page.tsx';

/*
 * A person's page offers what the staff member's role may do (the API's `capabilities`): support
 * corrects details and mails links; only admins block, move the e-mail and read national identity.
 */

beforeAll(() => initTestI18n('en', ['common', 'backoffice']));
afterEach(() => {
  cleanup();
  queryClient.clear();
});

const PERSON = '019ac15e-0000-7000-8000-000700000001';

function show(
  role: 'support' | 'admin',
  overrides: Partial<PersonDetail['profile']> = {},
  trail: NonNullable<PersonDetail['audit_trail']> = [],
) {
  const detail: PersonDetail = {
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
  queryClient.setQueryData(personQueryKey(PERSON), detail);
  const router = createMemoryRouter(
    [{ path: '/backoffice/identities/:identityPartyId', element: <PersonPage /> }],
    {
      initialEntries: [`/backoffice/identities/${PERSON}`],
    },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
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
