import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameNumberCollisions } from './frame-number-collisions.tsx';

type Tree = { [key: string]: string | Tree };
const locales = import.meta.glob<Tree>('../../../locales/en/*.json', { eager: true, import: 'default' });
const backoffice = locales['../../../locales/en/backoffice.json']!;
const common = locales['../../../locales/en/common.json']!;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { backoffice, common } },
    defaultNS: 'backoffice',
    interpolation: { escapeValue: false },
  });
});

const bike = (overrides: Record<string, unknown>) => ({
  bike_id: '0190a0b0-0000-7000-8000-000000000001',
  frame_number: 'PAT123',
  is_folded: true,
  status: 'registered',
  owner_party_id: '0190a0b0-0000-7000-8000-0000000000a1',
  owner_email: 'latin@example.dk',
  created_at: '2026-05-02T10:00:00.000Z',
  ...overrides,
});

describe('the frame-number collisions of the backoffice start page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const renderIt = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FrameNumberCollisions />
      </QueryClientProvider>,
    );

  it('lists each shared number with its bikes, which copy is Latin, and the owners', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify([
            {
              folded_key: 'PAT123',
              bikes: [
                bike({}),
                bike({
                  bike_id: '0190a0b0-0000-7000-8000-000000000002',
                  frame_number: 'РАT123',
                  is_folded: false,
                  status: 'stolen',
                  owner_email: null,
                }),
              ],
            },
          ]),
        ),
    );
    renderIt();
    const list = await screen.findByRole('list', { name: 'Frame-number collisions' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/backoffice/frame-number-collisions');
    const group = within(list).getByRole('heading', { name: 'Frame number PAT123' }).closest('li')!;
    expect(group.textContent).toContain('PAT123 (Latin letters)');
    expect(group.textContent).toContain('РАT123 (look-alike letters)');
    expect(group.textContent).toContain('latin@example.dk');
    expect(group.textContent).toContain('An organisation');
    expect(group.textContent).toContain('reported stolen');
  });

  it('says when no number is shared', async () => {
    fetchMock.mockImplementation(async () => new Response('[]'));
    renderIt();
    expect(await screen.findByText('No frame number is shared by several bikes.')).toBeTruthy();
  });
});
