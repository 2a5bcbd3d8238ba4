import type { BackofficeOrganisationDetail } from '@nbr/domain/backoffice-organisations';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { organisationQueryKey } from '../api/get-organisation.ts';
import type { StaffContext } from '../staff-context.ts';
import { Component as OrganisationPage } from './organisation-page.tsx';

/*
 * Staff correct an organisation's address, listing and billing: the form checks what it can before
 * sending, sends only what changed (typed coordinates as numbers, both together), and shows what the
 * API refuses beside its field, or above the form when it names no field there.
 */

const ORGANISATION = '019ac15e-0000-7000-8000-000900000001';

const organisation: BackofficeOrganisationDetail = {
  party_id: ORGANISATION,
  name: 'Nexø Cykler',
  type: 'dealer',
  region: 'dk',
  registration_number: '12345674',
  created_at: '2026-01-01T10:00:00.000Z',
  suspended_at: null,
  street_address: 'Havnegade 1',
  postcode: '3730',
  town: 'Nexø',
  latitude: 55.06,
  longitude: 15.13,
  phone: null,
  website: null,
  listed_as_distributor: true,
  billing_email: null,
  billing_reference: null,
  member_count: 0,
  members: [],
};

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n('en', ['common', 'backoffice', 'organisations']));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The PATCH answers `answer`; anything else gets the organisation as shown. */
function show(answer: Response = Response.json(organisation)) {
  fetchMock.mockImplementation(async (_input, init) =>
    init?.method === 'PATCH' ? answer.clone() : Response.json(organisation),
  );
  queryClient.setQueryData(organisationQueryKey(ORGANISATION), organisation);
  const staff: StaffContext = { staffRole: 'support' };
  return renderRoute(
    [
      {
        path: '/backoffice/organisations',
        element: <Outlet context={staff} />,
        children: [{ path: ':organisationId', element: <OrganisationPage /> }],
      },
    ],
    `/backoffice/organisations/${ORGANISATION}`,
  );
}

const patches = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) }));

const details = () => within(document.getElementById('details')!);

function fill(label: string, value: string) {
  fireEvent.change(details().getByLabelText(label), { target: { value } });
}

const save = () => fireEvent.click(details().getByRole('button', { name: 'Save' }));

function unprocessable(loc: string[], type: string) {
  return Response.json({ detail: [{ loc, msg: 'Not valid', type }] }, { status: 422 });
}

describe('/backoffice/organisations/{id}: address, listing and billing', () => {
  it('refuses a coordinate off the globe before sending anything', async () => {
    show();
    fill('Latitude', '95');
    save();
    expect(await details().findByText('The value is not valid.')).toBeTruthy();
    expect(details().getByText('Some fields are not filled in correctly.')).toBeTruthy();
    expect(details().getByLabelText('Latitude').getAttribute('aria-invalid')).toBe('true');
    expect(patches()).toEqual([]);
  });

  it('sends only what changed, typed coordinates as numbers and both together', async () => {
    show(Response.json({ ...organisation, town: 'Neksø', latitude: 55.1 }));
    fill('Town', 'Neksø');
    fill('Latitude', '55,1');
    fireEvent.click(details().getByRole('checkbox', { name: 'Show this dealer on “Find a dealer”' }));
    save();
    expect(await details().findByText('Saved and logged.')).toBeTruthy();
    expect(patches()).toEqual([
      {
        url: expect.stringMatching(new RegExp(`/backoffice/organisations/${ORGANISATION}$`)),
        body: { town: 'Neksø', latitude: 55.1, longitude: 15.13, listed_as_distributor: false },
      },
    ]);
  });

  it('puts a refusal of one field beside that field', async () => {
    show(unprocessable(['body', 'website'], 'invalid_value'));
    fill('Website', 'https://nexo-cykler.example');
    save();
    await waitFor(() =>
      expect(details().getByLabelText('Website').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.queryByText('Saved and logged.')).toBeNull();
  });

  it('shows a refusal that names no field of the form above it', async () => {
    show(unprocessable(['body', 'region'], 'too_long'));
    fill('Town', 'Neksø');
    save();
    expect(await details().findByText('The text is too long.')).toBeTruthy();
    expect(screen.queryByText('Saved and logged.')).toBeNull();
  });
});

describe('/backoffice/organisations/{id}: members', () => {
  it("lets a staff admin give a member any of the organisation's roles, dock operator too", async () => {
    const withMember: BackofficeOrganisationDetail = {
      ...organisation,
      member_count: 1,
      members: [
        {
          identity_party_id: '019ac15e-0000-7000-8000-000900000002',
          name: 'Ida Holm',
          first_name: 'Ida',
          last_name: 'Holm',
          email: 'ida@example.dk',
          role: 'member',
          added_at: '2026-02-01T10:00:00.000Z',
        },
      ],
    };
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PATCH'
        ? Response.json({ ...withMember.members[0], role: 'dock_operator' })
        : Response.json(withMember),
    );
    queryClient.setQueryData(organisationQueryKey(ORGANISATION), withMember);
    const staff: StaffContext = { staffRole: 'admin' };
    renderRoute(
      [
        {
          path: '/backoffice/organisations',
          element: <Outlet context={staff} />,
          children: [{ path: ':organisationId', element: <OrganisationPage /> }],
        },
      ],
      `/backoffice/organisations/${ORGANISATION}`,
    );
    const members = within(document.getElementById('members')!);
    fireEvent.click(members.getByRole('button', { name: /Role of Ida Holm/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toHaveLength(3);
    fireEvent.click(screen.getByRole('option', { name: /dock operator/i }));
    await waitFor(() =>
      expect(patches()).toEqual([
        {
          url: expect.stringMatching(/\/members\/019ac15e-0000-7000-8000-000900000002$/),
          body: { role: 'dock_operator' },
        },
      ]),
    );
  });
});
