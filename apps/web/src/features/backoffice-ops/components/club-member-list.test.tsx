import type { ClubMemberList as MemberList } from '@nbr/domain/club';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { clubMemberListQueryKey } from '../api/club-member-list.ts';
import { ClubMemberList } from './club-member-list.tsx';

/* Issue 27: admins see whether NAF's member list still confirms anyone, and upload a new one. */

type Tree = { [key: string]: string | Tree };
const locales = import.meta.glob<Tree>('../../../locales/no/*.json', { eager: true, import: 'default' });
const load = (namespace: string) => locales[`../../../locales/no/${namespace}.json`] as Tree;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'no',
    resources: { no: { common: load('common'), 'backoffice-ops': load('backoffice-ops') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
});

function show(list: MemberList) {
  queryClient.setQueryData([...clubMemberListQueryKey, 'naf'], list);
  return render(
    <QueryClientProvider client={queryClient}>
      <ClubMemberList club="naf" />
    </QueryClientProvider>,
  );
}

const base = { club: 'naf', name: 'NAF', fresh_days: 45 };

describe('NAF’s member list in the backoffice', () => {
  it('says how many numbers the list holds and when it was uploaded', () => {
    show({ ...base, member_count: 3, uploaded_at: '2026-12-01T10:00:00Z', fresh: true });
    expect(screen.getByText(/3 medlemsnumre, lastet opp 1\. desember 2026/)).toBeTruthy();
    expect(screen.getByTestId('club-member-list-state').textContent).toBe('Listen er gjeldende.');
    expect(screen.getByLabelText('CSV-fil fra NAF')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last opp medlemslisten' })).toBeTruthy();
  });

  it('warns that a stale list, or none, gives nobody the member price', () => {
    show({ ...base, member_count: 3, uploaded_at: '2026-09-01T10:00:00Z', fresh: false });
    expect(screen.getByTestId('club-member-list-state').textContent).toMatch(/eldre enn 45 dager/);
    cleanup();
    queryClient.clear();
    show({ ...base, member_count: 0, uploaded_at: null, fresh: false });
    expect(screen.getByText(/Ingen medlemsliste er lastet opp/)).toBeTruthy();
  });
});
