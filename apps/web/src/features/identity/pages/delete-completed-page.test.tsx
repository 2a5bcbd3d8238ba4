import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requiresLogin } from '../../../lib/access.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { Component as DeleteCompletedPage } from './delete-completed-page.tsx';

/*
 * Issue 30 §3: /app/settings/delete-completed could never show its own content — the deletion ends
 * the session and the shell sent a visitor there to /login. It is open without a session now, and
 * shows the farewell right after the deletion even while the session is still being cleared.
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

const PATH = '/app/settings/delete-completed';

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

function show(state?: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: PATH, state }]}>
      <Routes>
        <Route path={PATH} element={<DeleteCompletedPage />} />
        <Route path="/app/settings" element={<h1>settings page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the page after an account deletion', () => {
  it('opens without a session', () => {
    expect(requiresLogin(PATH)).toBe(false);
  });

  it('says goodbye to a visitor (the deleted account has no session)', () => {
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(i18next.t('settings:deleted.title'));
    expect(screen.getByText(i18next.t('settings:deleted.kept'))).toBeTruthy();
  });

  it('says goodbye right after the deletion, while the session is still being cleared', () => {
    sessionStore.setToken(token);
    show({ accountDeleted: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(i18next.t('settings:deleted.title'));
  });

  it('sends someone still signed in, who deleted nothing, to the settings', () => {
    sessionStore.setToken(token);
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('settings page');
  });
});
