import type { DockOrganisation } from '@nbr/domain/docks';
import type { Organisation } from '@nbr/domain/organisations';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { localeTree, lookup } from '../../../test/locale-tree.ts';
import { OrganisationPicker } from './organisation-picker.tsx';

/*
 * Choosing the organisations whose members may use a dock: the person's own organisations are
 * offered as ticks, any other organisation of the register is found by name and added, and a chosen
 * one is removed by unticking it. What the search finds is announced. The organisation the dock
 * belongs to (the session acts for it) is never offered: its members may always use the dock.
 */

const OPERATOR = '00000000-0000-4000-8000-0000000000a0';
const OWN = '00000000-0000-4000-8000-0000000000a1';
const HOUSING = '00000000-0000-4000-8000-0000000000b1';
const EMPLOYER = '00000000-0000-4000-8000-0000000000b2';
const en = (key: string, values: Record<string, string | number> = {}) =>
  String(lookup(localeTree('en', 'docks'), key)).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? ''),
  );

const mine: Organisation[] = [
  {
    party_id: OPERATOR,
    name: 'Demo Kommune',
    type: 'municipality',
    region: 'dk',
    registration_number: '29189918',
    created_at: '2026-01-01T00:00:00Z',
    role: 'dock_operator',
  },
  {
    party_id: OWN,
    name: 'Aarhus Kommune',
    type: 'municipality',
    region: 'dk',
    registration_number: '29189919',
    created_at: '2026-01-01T00:00:00Z',
    role: 'dock_operator',
  },
];
const matches: DockOrganisation[] = [
  { id: EMPLOYER, name: 'Parken Arbejdsgiver ApS', type: 'business', region: 'dk' },
  { id: HOUSING, name: 'Boligforeningen Østparken', type: 'business', region: 'dk' },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
let searched: string[] = [];

beforeAll(async () => {
  await initTestI18n('en', ['common', 'docks']);
});
beforeEach(() => {
  searched = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/organisations') return json(200, mine);
    if (url.pathname === '/api/operator/organisations') {
      const q = url.searchParams.get('q') ?? '';
      searched.push(q);
      const found = matches.filter((match) => match.name.toLowerCase().includes(q.toLowerCase()));
      return json(200, { organisations: found });
    }
    return json(404, { detail: 'not_found', code: 'not_found' });
  });
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

let chosen: string[] = [];

function Harness({
  initial,
  unavailableIds,
  listed,
}: {
  initial: string[];
  unavailableIds?: string[];
  listed?: { id: string; name: string }[];
}) {
  const [ids, setIds] = useState(initial);
  chosen = ids;
  return (
    <OrganisationPicker
      selectedIds={ids}
      onChange={setIds}
      listed={
        listed ?? (initial.includes(HOUSING) ? [{ id: HOUSING, name: 'Boligforeningen Østparken' }] : [])
      }
      operatorId={OPERATOR}
      isMissing={false}
      unavailableIds={unavailableIds}
    />
  );
}

const show = (initial: string[] = [], unavailableIds?: string[], listed?: { id: string; name: string }[]) =>
  render(
    <QueryClientProvider client={queryClient}>
      <Harness initial={initial} unavailableIds={unavailableIds} listed={listed} />
    </QueryClientProvider>,
  );

const searchField = () => screen.getByRole('searchbox', { name: new RegExp(en('organisationSearch.label')) });

describe('the organisations of a dock', () => {
  it('offers the person’s own organisations as quick choices', async () => {
    show();
    const own = await screen.findByRole('checkbox', { name: 'Aarhus Kommune' });
    fireEvent.click(own);
    await waitFor(() => expect(chosen).toEqual([OWN]));
  });

  it('never offers the organisation the dock belongs to, not even when the dock lists it', async () => {
    show([], undefined, [{ id: OPERATOR, name: 'Demo Kommune' }]);
    await screen.findByRole('checkbox', { name: 'Aarhus Kommune' });
    expect(screen.queryByRole('checkbox', { name: 'Demo Kommune' })).toBeNull();
    expect(screen.queryByText('Demo Kommune')).toBeNull();
  });

  it('offers no Add for the operating organisation should the search answer with it', async () => {
    matches.push({ id: OPERATOR, name: 'Demo Kommune', type: 'municipality', region: 'dk' });
    try {
      show();
      fireEvent.change(searchField(), { target: { value: 'Demo' } });
      expect(await screen.findByText(en('organisationSearch.none', { query: 'Demo' }))).toBeTruthy();
      expect(screen.queryByText('Demo Kommune')).toBeNull();
    } finally {
      matches.pop();
    }
  });

  it('finds another organisation by name, adds it as a ticked choice and announces it', async () => {
    show();
    await screen.findByRole('checkbox', { name: 'Aarhus Kommune' });

    // One letter is not searched.
    fireEvent.change(searchField(), { target: { value: 'p' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searched).toEqual([]);

    fireEvent.change(searchField(), { target: { value: 'parken' } });
    const results = await screen.findByRole('list', { name: en('organisationSearch.results') });
    expect(searched).toEqual(['parken']);
    expect(within(results).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(en('organisationSearch.found', { count: 2 }))).toBeTruthy();

    fireEvent.click(
      within(results).getByRole('button', {
        name: en('organisationSearch.addLabel', { name: 'Boligforeningen Østparken' }),
      }),
    );
    await waitFor(() => expect(chosen).toEqual([HOUSING]));
    const added = screen.getByRole('checkbox', { name: 'Boligforeningen Østparken' }) as HTMLInputElement;
    expect(added.checked).toBe(true);
    expect(
      screen.getByText(en('organisationSearch.addedAnnouncement', { name: 'Boligforeningen Østparken' })),
    ).toBeTruthy();
    // A chosen match offers no second add.
    expect(
      within(results).queryByRole('button', {
        name: en('organisationSearch.addLabel', { name: 'Boligforeningen Østparken' }),
      }),
    ).toBeNull();
    expect(within(results).getByText(en('organisationSearch.chosen'))).toBeTruthy();

    // Unticking removes it from the dock; it stays offered.
    fireEvent.click(added);
    await waitFor(() => expect(chosen).toEqual([]));
    expect(
      (screen.getByRole('checkbox', { name: 'Boligforeningen Østparken' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('says when nothing matches, and Enter in the field does not submit the dock form', async () => {
    show();
    fireEvent.change(searchField(), { target: { value: 'zz' } });
    expect(await screen.findByText(en('organisationSearch.none', { query: 'zz' }))).toBeTruthy();
    // false: the key's default action (submitting the enclosing form) was prevented.
    expect(fireEvent.keyDown(searchField(), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(searchField(), { key: 'a' })).toBe(true);
  });

  it('shows the organisations the dock lists already, ticked', async () => {
    show([HOUSING]);
    const listed = (await screen.findByRole('checkbox', {
      name: 'Boligforeningen Østparken',
    })) as HTMLInputElement;
    expect(listed.checked).toBe(true);
  });

  it('names a chosen organisation the API refused on saving until it is unticked', async () => {
    show([HOUSING], [HOUSING]);
    const refusal = en('organisationSearch.unavailable', { name: 'Boligforeningen Østparken' });
    expect(await screen.findByText(refusal)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Boligforeningen Østparken' }));
    await waitFor(() => expect(screen.queryByText(refusal)).toBeNull());
  });
});
