import type { Organisation, OrganisationRole } from '@nbr/domain/organisations';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { localeTree, lookup } from '../../../test/locale-tree.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { OperatorOnly } from './operator-only.tsx';

/*
 * The operator's screens open to whoever runs the organisation's docks — its admins and its dock
 * operators (issue 28), as the API's mayOperateDock decides — and tell a plain member, or a person
 * acting as themself, how to get there. The API is faked at fetch.
 */

const ORGANISATION = '00000000-0000-4000-8000-0000000000a1';
const PERSON = '00000000-0000-4000-8000-0000000000b1';
const en = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{{${name}}}`, value),
    String(lookup(localeTree('en', 'docks'), key)),
  );

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenActingFor = (partyId: string) =>
  `${encode({ alg: 'EdDSA' })}.${encode({
    exp: Math.floor(Date.now() / 1000) + 3600,
    email: 'staff@example.dk',
    identity_party_id: PERSON,
    party_id: partyId,
    verified_on: null,
    identity_signed_up_at: '2026-01-01',
    organisation_type: partyId === PERSON ? null : 'municipality',
    birth_date: null,
    zip_code: null,
    phone: null,
    sid: 's1',
  })}.sig`;

const organisation = (role: OrganisationRole): Organisation => ({
  party_id: ORGANISATION,
  name: 'Aarhus Kommune',
  type: 'municipality',
  region: 'dk',
  registration_number: null,
  created_at: '2026-01-01T10:00:00Z',
  role,
});

const fetchMock = vi.fn<typeof fetch>();

function answerAs(role: OrganisationRole) {
  fetchMock.mockImplementation(async (input) =>
    String(input) === `/api/organisations/${ORGANISATION}`
      ? new Response(JSON.stringify(organisation(role)), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      : new Response(JSON.stringify({ detail: 'not_found', code: 'not_found' }), { status: 404 }),
  );
}

const show = () =>
  renderRoute(
    [
      {
        path: '/app/docks/operate',
        Component: () => (
          <OperatorOnly title="Docks">
            {(acting) => <p>{`Running the docks of ${acting.name}`}</p>}
          </OperatorOnly>
        ),
      },
    ],
    '/app/docks/operate',
  );

beforeAll(async () => {
  await initTestI18n('en', ['common', 'docks']);
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  sessionStore.clear();
  queryClient.clear();
});

describe('the operator screens', () => {
  it.each(['admin', 'dock_operator'] as const)('open to a %s acting for the organisation', async (role) => {
    sessionStore.setToken(tokenActingFor(ORGANISATION));
    answerAs(role);
    show();
    expect(await screen.findByText('Running the docks of Aarhus Kommune')).toBeTruthy();
  });

  it('tell a plain member that administrators and dock operators run the docks', async () => {
    sessionStore.setToken(tokenActingFor(ORGANISATION));
    answerAs('member');
    show();
    expect(
      await screen.findByText(en('operator.adminsOnly', { organisation: 'Aarhus Kommune' })),
    ).toBeTruthy();
    expect(en('operator.adminsOnly', { organisation: 'X' })).toContain('dock operators');
    expect(screen.queryByText(/Running the docks/)).toBeNull();
  });

  it('tell a person acting as themself to act for their organisation', async () => {
    sessionStore.setToken(tokenActingFor(PERSON));
    show();
    expect(await screen.findByText(en('operator.actFor'))).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
