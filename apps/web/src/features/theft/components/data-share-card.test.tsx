import type { TheftReport } from '@nbr/domain/theft';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n.ts';
import { localeTree, lookup } from '../../../test/locale-tree.ts';
import { EMPTY_DRAFT } from '../../../test/theft-draft.ts';
import { DataShareCard } from './data-share-card.tsx';

/* Issue 16 §4, insurance.md §6: the owner withdraws the insurer's access to their report as easily as they gave it. */

const text = (key: string) => lookup(localeTree('en', 'theft'), key) ?? key;

const { previous_page: _page, unlocked_steps: _steps, saved_at: _saved, ...fields } = EMPTY_DRAFT;
const REPORT: TheftReport = {
  ...fields,
  acknowledgement_payout: true,
  acknowledgement_data_share: true,
  acknowledgement_ownership_transfer: true,
  report_id: '0190a6f0-0000-7000-8000-0000000000aa',
  status: 'submitted',
  submitted_at: '2026-05-02T10:00:00.000Z',
  closed_at: null,
  closed_reason: null,
  public_location: null,
  pdf_url: '/api/bikes/x/theft-report/pdf',
  data_share_withdrawn_at: null,
};

beforeAll(() => initTestI18n('en', ['common', 'theft']));

describe('sharing a theft report with the insurer', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const renderIt = (report: TheftReport) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DataShareCard bikeId={REPORT.bike_id} report={report} />
      </QueryClientProvider>,
    );

  it('withdraws the acknowledgement with one press', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ ...REPORT, data_share_withdrawn_at: '2026-05-03T10:00:00.000Z' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderIt(REPORT);
    expect(screen.getByText(text('dataShare.shared'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text('dataShare.withdraw') }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/bikes/${REPORT.bike_id}/theft-report/withdraw-data-share`);
    expect(init?.method).toBe('POST');
  });

  it('says when it was withdrawn, and offers nothing more', () => {
    renderIt({ ...REPORT, data_share_withdrawn_at: '2026-05-03T10:00:00.000Z' });
    expect(screen.queryByRole('button', { name: text('dataShare.withdraw') })).toBeNull();
    expect(screen.getByText(/2026/)).toBeTruthy();
  });

  it('shows nothing when sharing was never acknowledged', () => {
    const { container } = renderIt({ ...REPORT, acknowledgement_data_share: null });
    expect(container.textContent).toBe('');
  });
});
