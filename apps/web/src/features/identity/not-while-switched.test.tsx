import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { DataExportButton } from './components/data-export-button.tsx';
import { PasswordSection } from './components/password-section.tsx';
import { Component as CautionPage } from './pages/caution-page.tsx';
import { Component as DeleteUserPage } from './pages/delete-user-page.tsx';

/*
 * Staff using someone's account (token with `act`) are not offered what the API refuses them:
 * the password, the data export and the danger zone show a note instead.
 */

type Tree = { [key: string]: string | Tree };
const load = (namespace: string) =>
  import.meta.glob<Tree>('../../locales/en/*.json', { eager: true, import: 'default' })[
    `../../locales/en/${namespace}.json`
  ]!;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) =>
  `${encode({ alg: 'EdDSA' })}.${encode({
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
    ...claims,
  })}.sig`;

const NOTE = 'Not available while you use this account as staff.';

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
});

const show = (element: ReactElement) =>
  // The pages' links lead inside the app, as they do under the app's router.
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('while staff use the account', () => {
  it('the password section says why there is no form', () => {
    sessionStore.setToken(token({ act: { sub: 'staff' } }));
    show(<PasswordSection email="rider@example.dk" />);
    expect(screen.getByText(NOTE)).toBeTruthy();
    expect(screen.queryByLabelText(i18next.t('settings:password.current'))).toBeNull();
  });

  it('the data export is not offered', () => {
    sessionStore.setToken(token({ act: { sub: 'staff' } }));
    show(<DataExportButton />);
    expect(screen.getByText(NOTE)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('the caution and delete pages lead back to the settings instead of onwards', () => {
    sessionStore.setToken(token({ act: { sub: 'staff' } }));
    show(<CautionPage />);
    expect(screen.getByText(NOTE)).toBeTruthy();
    expect(screen.queryByRole('link', { name: i18next.t('settings:caution.continue') })).toBeNull();
    expect(screen.getByRole('link', { name: i18next.t('settings:caution.back') })).toBeTruthy();
    cleanup();
    show(<DeleteUserPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      i18next.t('settings:deleteUser.title'),
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: i18next.t('settings:deleteUser.submit') })).toBeNull();
  });
});

describe('for the person themself', () => {
  it('the password form and the way to deletion are there', () => {
    sessionStore.setToken(token({}));
    show(<PasswordSection email="rider@example.dk" />);
    expect(screen.queryByText(NOTE)).toBeNull();
    expect(screen.getByLabelText(i18next.t('settings:password.current'))).toBeTruthy();
    cleanup();
    show(<CautionPage />);
    expect(screen.getByRole('link', { name: i18next.t('settings:caution.continue') })).toBeTruthy();
  });
});
