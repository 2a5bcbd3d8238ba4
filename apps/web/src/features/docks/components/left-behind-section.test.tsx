import type { LeftBehindList } from '@nbr/domain/docks';
import type { Pickup } from '@nbr/domain/finds';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { localeTree, lookup } from '../../../test/locale-tree.ts';
import { LeftBehindSection } from './left-behind-section.tsx';

/*
 * A bike left longer than the dock allows: listed with its lock, frame number and hours, and — for
 * an operator that may hold bikes (a municipality) — handed to the held-bike workflow with where and
 * until when the owner collects it. An operator that may not hold bikes is told so and gets no button.
 */

const DOCK = '00000000-0000-4000-8000-00000000000d';
const PARKING = '00000000-0000-4000-8000-0000000000e1';
const en = (key: string, values: Record<string, string | number> = {}) =>
  String(lookup(localeTree('en', 'docks'), key)).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? ''),
  );

const list = (canHandOver: boolean): LeftBehindList => ({
  max_parking_hours: 72,
  can_hand_over: canHandOver,
  parkings: [
    {
      parking_id: PARKING,
      lock_id: '00000000-0000-4000-8000-00000000000a',
      lock_label: 'A3',
      bike_id: '00000000-0000-4000-8000-00000000000b',
      frame_number: 'WDA123456Z',
      locked_at: '2026-11-30T08:00:00Z',
      hours_parked: 150,
    },
  ],
});

const pickup: Pickup = {
  pickup_id: '00000000-0000-4000-8000-0000000000f1',
  bike_id: '00000000-0000-4000-8000-00000000000b',
  status: 'waiting',
  place: 'Materielgården, Vestergade 1',
  collect_until: '2027-01-10',
  note: null,
  found_on: null,
  holder_name: 'Aarhus Kommune',
  holder_kind: 'organisation',
  chat_id: null,
  actions: ['cancel'],
  stolen_report_linked: false,
  unregistered_bike: null,
  photo_url: null,
  is_holder: true,
  bike: null,
  created_at: '2026-12-06T10:00:00Z',
  closed_at: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initTestI18n('en', ['common', 'docks']);
});
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

const show = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <LeftBehindSection dockId={DOCK} />
    </QueryClientProvider>,
  );

describe('bikes left too long', () => {
  it('hands one over to the held bikes with where and until when, once', async () => {
    let sent: RequestInit | undefined;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === `/api/docks/${DOCK}/left-behind`) return json(200, list(true));
      if (url === `/api/docks/${DOCK}/parkings/${PARKING}/hand-over`) {
        sent = init;
        return json(201, pickup);
      }
      return json(404, { detail: 'not_found', code: 'not_found' });
    });
    show();
    expect(await screen.findByText(en('leftBehind.frameNumber', { frame: 'WDA123456Z' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en('leftBehind.handOver') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: en('leftBehind.handOver') }));
    // The place is required: nothing is sent without it.
    expect(sent).toBeUndefined();
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(en('leftBehind.place')) }), {
      target: { value: 'Materielgården, Vestergade 1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: en('leftBehind.handOver') }));
    await waitFor(() => expect(sent).toBeDefined());
    const body = JSON.parse(String(sent?.body)) as { place: string; collect_until: string };
    expect(body.place).toBe('Materielgården, Vestergade 1');
    expect(body.collect_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Headers(sent?.headers).get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells an operator that may not hold bikes so, without a button', async () => {
    fetchMock.mockImplementation(async () => json(200, list(false)));
    show();
    expect(await screen.findByText(en('leftBehind.cannotHandOver'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: en('leftBehind.handOver') })).toBeNull();
  });
});
