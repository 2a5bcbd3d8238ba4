import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session-store.ts';
import { Component as OrgBikeSearchPage } from './org-bike-search-page.tsx';

/*
 * Issue 32 §3: the police may also search close frame numbers; the toggle is theirs alone, as the
 * API decides (403 close_serial_search_police_only for other organisations).
 */

type Tree = { [key: string]: string | Tree };
const load = (namespace: string) =>
  import.meta.glob<Tree>('../../../locales/en/*.json', { eager: true, import: 'default' })[
    `../../../locales/en/${namespace}.json`
  ]!;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenActingFor = (organisationType: string) =>
  `${encode({ alg: 'EdDSA' })}.${encode({
    exp: Math.floor(Date.now() / 1000) + 3600,
    email: 'officer@example.dk',
    identity_party_id: 'person',
    party_id: 'organisation',
    verified_on: null,
    identity_signed_up_at: '2026-01-01',
    organisation_type: organisationType,
    birth_date: null,
    zip_code: null,
    phone: null,
    sid: 's1',
  })}.sig`;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common: load('common'), 'org-search': load('org-search') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/org-bike-search']}>
        <Routes>
          <Route path="/org-bike-search" element={<OrgBikeSearchPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the organisation search page', () => {
  it('offers the police the close-serial search', () => {
    sessionStore.setToken(tokenActingFor('police'));
    show();
    expect(screen.getByRole('checkbox', { name: i18next.t('org-search:form.close') })).toBeTruthy();
  });

  it('offers it to no other organisation', () => {
    sessionStore.setToken(tokenActingFor('municipality'));
    show();
    expect(screen.getByRole('textbox', { name: i18next.t('org-search:form.brand') })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
