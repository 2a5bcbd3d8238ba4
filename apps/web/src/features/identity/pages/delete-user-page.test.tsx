import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profileQueryKey } from '../../../lib/api/identity/get-profile.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { Component as DeleteUserPage } from './delete-user-page.tsx';

/*
 * Issue 14: deleting the account asks for a fresh proof. An account with a password types it; one
 * without (Google sign-in only) is told it confirms with MitID/BankID instead.
 */

type Tree = { [key: string]: string | Tree };
const load = (namespace: string) =>
  import.meta.glob<Tree>('../../../locales/en/*.json', { eager: true, import: 'default' })[
    `../../../locales/en/${namespace}.json`
  ]!;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${encode({ alg: 'EdDSA' })}.${encode({
  exp: Math.floor(Date.now() / 1000) + 3600,
  email: 'rider@example.dk',
  identity_party_id: 'person',
  party_id: 'person',
  verified_on: null,
  identity_signed_up_at: '2026-01-01',
  organisation_type: null,
  birth_date: null,
  zip_code: null,
  phone: null,
  sid: 's1',
})}.sig`;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common: load('common'), settings: load('settings') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
  queryClient.clear();
});

function showFor(deletionNeedsApproval: boolean) {
  sessionStore.setToken(token);
  queryClient.setQueryData(profileQueryKey, {
    party_id: 'person',
    identity_party_id: 'person',
    email: 'rider@example.dk',
    pending_email: null,
    email_verified: true,
    verified_on: null,
    name: null,
    first_name: null,
    last_name: null,
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
    signed_up_at: '2026-01-01T00:00:00.000Z',
    staff_role: null,
    deletion_needs_approval: deletionNeedsApproval,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/app/settings/delete-user']}>
        <DeleteUserPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the delete-account page', () => {
  it('asks an account with a password for it', () => {
    showFor(false);
    expect(screen.getByLabelText(i18next.t('settings:deleteUser.password'), { exact: false })).toBeTruthy();
    expect(screen.queryByText(/MitID/)).toBeNull();
  });

  it('tells an account without a password that it confirms with MitID instead', () => {
    showFor(true);
    expect(screen.queryByLabelText(i18next.t('settings:deleteUser.password'), { exact: false })).toBeNull();
    expect(
      screen.getByText(i18next.t('settings:deleteUser.needsApproval', { provider: 'MitID' })),
    ).toBeTruthy();
  });
});
