import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { sessionStore } from '../lib/session-store.ts';
import { ActingForBanner, SwitchUserBanner } from './switch-user-banner.tsx';

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

  it("names the account, and switching back stores the staff token and opens the person's page", async () => {
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
    expect(navigate).toHaveBeenCalledWith('/backoffice/identities/person', { replace: true });
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

describe('ActingForBanner', () => {
  const PERSON = '0190a0b0-0000-7000-8000-000000000001';
  const COMPANY = '0190a0b0-0000-7000-8000-0000000000c0';
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn();
  const organisation = {
    party_id: COMPANY,
    name: 'Demo Cykler ApS',
    type: 'business',
    region: 'dk',
    registration_number: '12345678',
    created_at: '2026-01-01T00:00:00Z',
    role: 'admin',
  };
  const renderBanner = () =>
    render(
      <QueryClientProvider client={queryClient}>
        <ActingForBanner />
      </QueryClientProvider>,
    );
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    registerNavigator(navigate);
  });
  afterEach(() => {
    cleanup();
    sessionStore.clear();
    queryClient.clear();
    fetchMock.mockReset();
    navigate.mockReset();
    vi.unstubAllGlobals();
  });

  it('is absent while the session acts for the person', () => {
    sessionStore.setToken(token({ identity_party_id: PERSON, party_id: PERSON }));
    const { container } = renderBanner();
    expect(container.innerHTML).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the organisation, and going back asks for the own party and stores the new token', async () => {
    sessionStore.setToken(
      token({ identity_party_id: PERSON, party_id: COMPANY, organisation_type: 'business' }),
    );
    const own = token({ identity_party_id: PERSON, party_id: PERSON, sid: 's2' });
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? new Response(JSON.stringify({ authentication_token: own }))
        : new Response(JSON.stringify(organisation)),
    );
    renderBanner();
    const status = await screen.findByText('You are working on behalf of Demo Cykler ApS');
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/organisations/${COMPANY}`);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back to my own profile' }));
    });
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(String(url)).toBe('/api/identities/authentications/acting-party');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ party_id: PERSON });
    expect(sessionStore.getToken()).toBe(own);
    expect(navigate).toHaveBeenCalledWith('/app', { replace: true });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('still says so when the name cannot be loaded, and reports a failed way back', async () => {
    const acting = token({ identity_party_id: PERSON, party_id: COMPANY });
    sessionStore.setToken(acting);
    fetchMock.mockImplementation(
      async () => new Response('{"detail":"boom","code":"internal_error"}', { status: 500 }),
    );
    renderBanner();
    expect(screen.getByRole('status').textContent).toContain('You are working on behalf of an organisation');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back to my own profile' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('Going back to your own profile failed.');
    expect(sessionStore.getToken()).toBe(acting);
  });
});
