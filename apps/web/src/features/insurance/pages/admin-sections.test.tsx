import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n.ts';
import { PreRegistrationUpload } from './admin-sections.tsx';

/* Issue 16 §1/§4: the insurer's CSV upload tells every bad row by its line, and what was stored. */

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
