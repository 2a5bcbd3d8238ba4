import type { Transfer } from '@nbr/domain/ownership';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OutgoingTransferCard } from './transfer-cards.tsx';

/*
 * An offer I made, as the portal lists it. An offer made from a request has no typed address (the
 * requester's address is never shown to the owner): the card says who it went to without one.
 */

type Tree = { [key: string]: string | Tree };
const load = (namespace: string) =>
  import.meta.glob<Tree>('../../../locales/en/*.json', { eager: true, import: 'default' })[
    `../../../locales/en/${namespace}.json`
  ]!;

const transfer = (recipientEmail: string | null): Transfer => ({
  transfer_id: '0190a0b0-0000-7000-8000-000000000001',
  status: 'pending',
  direction: 'outgoing',
  bike: {
    bike_id: '0190a0b0-0000-7000-8000-000000000002',
    nickname: 'Racer',
    brand: 'Kildemoes',
    model: 'Logic',
    category: 'city',
    color: 'blue',
    is_electric: false,
    frame_number: 'WDA123456Z',
    plate_id: 'ABCDEFGH',
    thumbnail_url: null,
  },
  sender_name: null,
  recipient_email: recipientEmail,
  chat_id: null,
  actions: ['cancel'],
  created_at: '2026-11-01T10:00:00Z',
  expires_at: '2026-12-01T10:00:00Z',
  decided_at: null,
});

function renderCard(value: Transfer) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <OutgoingTransferCard transfer={value} />
      </ul>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common: load('common'), ownership: load('ownership') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

describe('OutgoingTransferCard', () => {
  it('names the address the offer went to', () => {
    renderCard(transfer('bo@example.test'));
    expect(screen.getByText('To bo@example.test')).toBeTruthy();
  });

  it('says the offer went to the requester when there is no address, never an empty "To"', () => {
    renderCard(transfer(null));
    expect(screen.getByText('To the person who asked for it')).toBeTruthy();
    expect(screen.queryByText(/^To\s*$/)).toBeNull();
  });

  it('a bike given away says its identifiers are no longer mine, not that they are missing', () => {
    renderCard({
      ...transfer('bo@example.test'),
      status: 'accepted',
      actions: [],
      bike: { ...transfer(null).bike, nickname: null, frame_number: null, plate_id: null },
    });
    expect(screen.getAllByText('No longer yours')).toHaveLength(2);
    expect(screen.queryByText('Missing')).toBeNull();
  });
});
