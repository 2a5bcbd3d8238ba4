import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n.ts';
import { PreRegistrationUpload, SharedTheftReports } from './admin-sections.tsx';

/*
 * Issue 16 §1/§4: the insurer's CSV upload tells every bad row by its line, and what was stored; a
 * shared theft report's claim is marked paid in minor units.
 */

const INSURER = '0190a6f0-0000-7000-8000-0000000000ff';

beforeAll(() => initTestI18n('en', ['common', 'insurer-admin']));

describe('the upload of existing contents customers', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const upload = async (csv: string) => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PreRegistrationUpload insurerPartyId={INSURER} />
      </QueryClientProvider>,
    );
    const input = screen.getByLabelText('CSV file');
    fireEvent.change(input, { target: { files: [new File([csv], 'customers.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
  };

  it('sends the file’s text and says how many were stored', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ stored: 2 }), { headers: { 'content-type': 'application/json' } }),
    );
    await upload('insurer_policy_id,holder_email\nA,a@example.dk\nB,b@example.dk');
    expect(await screen.findByText('2 customers were stored.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/insurance/${INSURER}/admin/pre-registrations`);
    expect(JSON.parse(String(init?.body))).toEqual({
      csv: 'insurer_policy_id,holder_email\nA,a@example.dk\nB,b@example.dk',
    });
  });

  it('lists every problem by line and column', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            code: 'validation_failed',
            detail: [
              { loc: ['body', 'csv', 3, 'insurer_policy_id'], msg: 'x', type: 'required' },
              { loc: ['body', 'csv', 4, 'holder_email'], msg: 'x', type: 'invalid_email' },
            ],
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        ),
    );
    await upload('insurer_policy_id,holder_email\n,a@example.dk\nB,nope');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nothing was stored: 2 problems in the file')).toBeTruthy();
    const items = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toMatch(/^Line 3, insurer_policy_id: /);
    expect(items[1]).toMatch(/^Line 4, holder_email: /);
  });
});

describe('the theft reports shared with the insurer', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const REPORT = {
    id: '0190a6f0-0000-7000-8000-0000000000a1',
    bike_id: '0190a6f0-0000-7000-8000-0000000000b1',
    policy_id: '0190a6f0-0000-7000-8000-0000000000c1',
    insurer_policy_number: 'P-1',
    holder_name: 'Helle Holm',
    bike: { nickname: 'Byhesten', brand: 'Kildemoes', model: 'Logic', frame_number: 'WBK123' },
    status: 'submitted',
    closed_reason: null,
    submitted_at: '2026-05-02T10:00:00.000Z',
    time_last_seen: null,
    noted_time: null,
    place: 'Vesterbrogade 1, 1620 København V',
    lock_status: 'locked',
    police_report_requested: true,
    bike_price: 6999,
    acknowledgement_ownership_transfer: true,
    payout: null,
  };

  it('marks a claim paid with the amount in øre, and says the registration will move', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST') {
        return new Response(
          JSON.stringify({
            id: '0190a6f0-0000-7000-8000-0000000000d1',
            theft_report_id: REPORT.id,
            bike_id: REPORT.bike_id,
            policy_id: REPORT.policy_id,
            amount: { amount_minor: 699_900, currency: 'DKK' },
            registration_transferred: true,
            paid_at: '2026-05-03T10:00:00.000Z',
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        );
      }
      expect(String(url)).toBe(`/api/insurance/${INSURER}/admin/theft-reports`);
      return new Response(JSON.stringify([REPORT]), { headers: { 'content-type': 'application/json' } });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        {/* The report's links lead inside the app, as they do under the app's router. */}
        <MemoryRouter>
          <SharedTheftReports insurerPartyId={INSURER} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid: Byhesten' }));
    const form = screen.getByRole('form', { name: 'Mark paid: Byhesten' });
    expect(within(form).getByRole('textbox', { name: /Amount paid/ })).toHaveProperty('value', '6999');
    expect(form.textContent).toContain('the registration moves to you');
    fireEvent.click(within(form).getByRole('button', { name: 'Mark the claim paid' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(url)).toBe(
      `/api/insurance/${INSURER}/admin/policies/${REPORT.policy_id}/bikes/${REPORT.bike_id}/payout`,
    );
    expect(JSON.parse(String(init?.body))).toEqual({ amount_minor: 699_900 });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
  });
});
