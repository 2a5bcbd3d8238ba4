import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../lib/navigation.ts';
import { sessionStore } from '../lib/session-store.ts';
import { SwitchUserBanner } from './switch-user-banner.tsx';

type Tree = { [key: string]: string | Tree };
const common = import.meta.glob<Tree>('../locales/en/common.json', { eager: true, import: 'default' })[
  '../locales/en/common.json'
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

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

describe('SwitchUserBanner', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    registerNavigator(navigate);
  });
  afterEach(() => {
    cleanup();
    sessionStore.clear();
    fetchMock.mockReset();
    navigate.mockReset();
    vi.unstubAllGlobals();
  });

  it('is absent from an ordinary session', () => {
    sessionStore.setToken(token({}));
    const { container } = render(<SwitchUserBanner />);
    expect(container.innerHTML).toBe('');
  });

  it('names the account, and switching back stores the staff token and opens the people search', async () => {
    sessionStore.setToken(token({ act: { sub: 'staff' } }));
    const staffToken = token({ email: 'staff@example.dk', identity_party_id: 'staff', party_id: 'staff' });
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ authentication_token: staffToken })),
    );
    render(<SwitchUserBanner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain("You are using rider@example.dk's account as staff");

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch back' }));
    });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/identities/switch-user');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
    expect(sessionStore.getToken()).toBe(staffToken);
    expect(navigate).toHaveBeenCalledWith('/backoffice/identities', { replace: true });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when switching back fails and stays in the switched session', async () => {
    const switched = token({ act: { sub: 'staff' } });
    sessionStore.setToken(switched);
    fetchMock.mockImplementation(
      async () => new Response('{"detail":"boom","code":"internal_error"}', { status: 500 }),
    );
    render(<SwitchUserBanner />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch back' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('Switching back failed.');
    expect(sessionStore.getToken()).toBe(switched);
  });
});
