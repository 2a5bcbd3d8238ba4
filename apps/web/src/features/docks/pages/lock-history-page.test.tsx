import type { LockHistory, LockHistoryEntry } from '@nbr/domain/docks';
import type { Organisation } from '@nbr/domain/organisations';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { localeTree, lookup } from '../../../test/locale-tree.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { Component as LockHistoryPage } from './lock-history-page.tsx';

/*
 * A lock's history says every part of a line in words: the device's own timestamp as a labelled,
 * formatted time, its status and fault codes, a command's answer and outcome — never a raw key of
 * the API's detail or a raw code of the device. The API is faked at fetch.
 */

const ORGANISATION = '00000000-0000-4000-8000-0000000000a1';
const PERSON = '00000000-0000-4000-8000-0000000000b1';
const DOCK = '00000000-0000-4000-8000-00000000000d';
const LOCK = '00000000-0000-4000-8000-00000000000a';
const en = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{{${name}}}`, value),
    String(lookup(localeTree('en', 'docks'), key)),
  );

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${encode({ alg: 'EdDSA' })}.${encode({
  exp: Math.floor(Date.now() / 1000) + 3600,
  email: 'staff@example.dk',
  identity_party_id: PERSON,
  party_id: ORGANISATION,
  verified_on: null,
  identity_signed_up_at: '2026-01-01',
  organisation_type: 'municipality',
  birth_date: null,
  zip_code: null,
  phone: null,
  sid: 's1',
})}.sig`;

const organisation: Organisation = {
  party_id: ORGANISATION,
  name: 'Aarhus Kommune',
  type: 'municipality',
  region: 'dk',
  registration_number: null,
  created_at: '2026-01-01T10:00:00Z',
  role: 'dock_operator',
};

let serial = 0;
const entry = (
  source: LockHistoryEntry['source'],
  kind: string,
  detail: Record<string, unknown>,
): LockHistoryEntry => ({
  id: `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`,
  at: '2026-12-07T00:09:00Z',
  source,
  kind,
  detail,
});

const DEVICE_TIME = '2026-12-07T00:08:30.000Z';
const ENTRIES = [
  entry('event', 'status', {
    status: 'Locked',
    error_code: 'NoError',
    device_timestamp: DEVICE_TIME,
    parking_closed: true,
  }),
  entry('event', 'status', { status: 'Faulted', error_code: 'JammedBolt', device_timestamp: DEVICE_TIME }),
  entry('event', 'command', {
    command_id: '00000000-0000-4000-8000-0000000000c0',
    action: 'unlock',
    outcome: 'rejected',
    answer: 'InternalError',
  }),
  entry('event', 'connected', { unreported: true }),
  entry('event', 'handed_over', {
    parking_id: '00000000-0000-4000-8000-0000000000e0',
    pickup_id: '00000000-0000-4000-8000-0000000000e1',
  }),
  entry('event', 'out_of_service', { reason: 'Bolt.Replaced by the smith' }),
  entry('command', 'unlock', {
    status: 'timed_out',
    requested_by: 'operator',
    reason: 'Wheel stuck',
    device_answer: null,
    sent_at: '2026-12-07T00:08:00Z',
    answered_at: null,
    late_answer: 'Unlocked',
    late_answer_at: '2026-12-07T00:08:20Z',
  }),
  entry('event', 'status', { status: 'SomethingNew', firmware_note: 'x' }),
];

const history: LockHistory = {
  lock: {
    id: LOCK,
    label: 'A8',
    device_id: '00000000-0000-4000-8000-0000000000f0',
    connector_id: 8,
    state: 'locked',
    reported_status: 'Locked',
    reported_at: '2026-12-07T00:09:00Z',
    out_of_service_at: null,
    out_of_service_reason: null,
    parking_id: null,
    parked_since: null,
    is_left_behind: false,
  },
  entries: ENTRIES,
  next_cursor: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initTestI18n('en', ['common', 'docks']);
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setToken(token);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === `/api/organisations/${ORGANISATION}`) return json(200, organisation);
    if (url.startsWith(`/api/docks/${DOCK}/locks/${LOCK}/history`)) return json(200, history);
    return json(404, { detail: 'not_found', code: 'not_found' });
  });
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  sessionStore.clear();
  queryClient.clear();
});

const show = () =>
  renderRoute(
    [{ path: '/app/docks/:dockId/operate/locks/:lockId/history', Component: LockHistoryPage }],
    `/app/docks/${DOCK}/operate/locks/${LOCK}/history`,
  );

/** The label and value pairs of one line's details. */
const pairs = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the lock history', () => {
  it('says every part of a line in words and local times, never a raw key or code', async () => {
    show();
    const rows = await screen.findAllByTestId('history-entry');
    expect(rows).toHaveLength(ENTRIES.length);
    const [report, fault, answered, connected, handedOver, outOfService, command, unknown] = rows.map(pairs);

    expect(report).toEqual([
      [en('history.fields.status'), en('history.values.Locked')],
      [en('history.fields.device_timestamp'), formatDateTime(DEVICE_TIME, 'en')],
      [en('history.fields.parking_closed'), en('history.values.yes')],
    ]);
    expect(en('history.fields.device_timestamp')).toBe("Lock's own time");
    expect(fault).toEqual([
      [en('history.fields.status'), en('history.values.Faulted')],
      [en('history.fields.error_code'), en('history.values.JammedBolt')],
      [en('history.fields.device_timestamp'), formatDateTime(DEVICE_TIME, 'en')],
    ]);
    expect(answered).toEqual([
      [en('history.fields.action'), en('history.values.unlock')],
      [en('history.fields.outcome'), en('history.values.rejected')],
      [en('history.fields.answer'), en('history.values.InternalError')],
    ]);
    expect(connected).toEqual([[en('history.fields.unreported'), en('history.values.yes')]]);
    expect(handedOver).toEqual([]);
    // The operator's own words are shown as written.
    expect(outOfService).toEqual([[en('history.fields.reason'), 'Bolt.Replaced by the smith']]);
    expect(command).toEqual([
      [en('history.fields.status'), en('history.values.timed_out')],
      [en('history.fields.requested_by'), en('history.values.operator')],
      [en('history.fields.reason'), 'Wheel stuck'],
      [en('history.fields.sent_at'), formatDateTime('2026-12-07T00:08:00Z', 'en')],
      [en('history.fields.late_answer'), en('history.values.Unlocked')],
    ]);
    // What the screens do not know yet is said as such, not shown bare.
    expect(unknown).toEqual([
      [en('history.fields.status'), en('history.values.unknownCode', { code: 'SomethingNew' })],
      [en('history.fields.other'), en('history.values.unknownCode', { code: 'x' })],
    ]);

    const table = screen.getByRole('table');
    for (const raw of ['device_timestamp', 'error_code', 'parking_closed', 'command_id', 'unreported']) {
      expect(table.textContent).not.toContain(raw);
    }
    for (const code of ['NoError', 'JammedBolt', 'InternalError', 'Faulted', 'timed_out']) {
      expect(table.textContent).not.toContain(code);
    }
  });

  it('heads each cell with its column’s name, so a phone can show every line as a card', async () => {
    show();
    const [row] = await screen.findAllByTestId('history-entry');
    const labels = Array.from(row?.querySelectorAll('td') ?? []).map((cell) => cell.dataset.label);
    expect(labels).toEqual([en('history.when'), en('history.what'), en('history.details')]);
  });
});
