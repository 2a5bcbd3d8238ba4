import type { OwnershipVerificationQueueItem } from '@nbr/domain/ownership';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { Component as OwnershipVerificationsPage } from './ownership-verifications-page.tsx';

/*
 * The ownership-verification queue's screen: each submitted check with its pictures, approved as it
 * is or rejected only with a reason the owner reads.
 */

beforeAll(() => initTestI18n('en', ['common', 'backoffice']));

const VERIFICATION = '019ac15e-0000-7000-8000-000600000001';

const item: OwnershipVerificationQueueItem = {
  verification_id: VERIFICATION,
  bike_id: '019ac15e-0000-7000-8000-000600000002',
  status: 'submitted',
  frame_step_done: true,
  owner_step_done: true,
  frame_number: 'WDA12345Z',
  frame_picture_id: '019ac15e-0000-7000-8000-000600000003',
  proof_file_id: '019ac15e-0000-7000-8000-000600000004',
  note: 'Bought second hand',
  rejection_reason: null,
  submitted_at: '2026-11-01T10:00:00.000Z',
  decided_at: null,
  bike: {
    bike_id: '019ac15e-0000-7000-8000-000600000002',
    nickname: 'Blue',
    brand: 'Kildemoes',
    model: 'Logic',
    category: 'city',
    color: 'blue',
    is_electric: false,
    frame_number: 'WDA12345Z',
    plate_id: null,
    thumbnail_url: null,
  },
  owner_name: 'Olga Owner',
  frame_picture_url: 'https://files.example.test/frame.jpg',
  proof_file_url: 'https://files.example.test/proof.pdf',
  frame_picture_uploader: { name: 'Olga Owner', is_owner: true },
  proof_file_uploader: { name: 'Mette Tidligere', is_owner: false },
};

const decided = { ...item, status: 'approved', decided_at: '2026-11-02T10:00:00.000Z' };

describe('/backoffice/ownership-verifications', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    queryClient.clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  function show() {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') return new Response(JSON.stringify(decided), { status: 200 });
      if (url.includes('/backoffice/ownership-verifications')) {
        return new Response(JSON.stringify([item]), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    });
    return renderRoute([{ path: '/', element: <OwnershipVerificationsPage /> }]);
  }

  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([input, init]) => ({
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      }));

  it('shows each check with its owner, frame number and pictures, and approves it', async () => {
    show();
    const entry = await screen.findByRole('listitem', { name: 'Blue' });
    expect(within(entry).getByText('Olga Owner')).toBeTruthy();
    expect(within(entry).getByText('WDA12345Z')).toBeTruthy();
    expect(
      within(entry)
        .getByRole('link', { name: /Frame number picture/ })
        .getAttribute('href'),
    ).toBe(item.frame_picture_url);
    fireEvent.click(within(entry).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url).toMatch(
      new RegExp(`/backoffice/ownership-verifications/${VERIFICATION}/approve$`),
    );
    expect(await screen.findByText('Blue is now owner-verified.')).toBeTruthy();
  });

  it('says who uploaded each proof, and plainly when it is not the owner', async () => {
    show();
    const entry = await screen.findByRole('listitem', { name: 'Blue' });
    expect(within(entry).getByText('the owner (Olga Owner)')).toBeTruthy();
    expect(within(entry).getByText('someone other than the owner: Mette Tidligere').tagName).toBe('STRONG');
  });

  it('rejects only with a reason, which is sent for the owner to read', async () => {
    show();
    const entry = await screen.findByRole('listitem', { name: 'Blue' });
    fireEvent.click(within(entry).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the ownership check?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'The receipt names another bike' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: expect.stringMatching(/\/reject$/),
      body: { reason: 'The receipt names another bike' },
    });
    expect(await screen.findByText('The ownership check of the bike Blue has been rejected.')).toBeTruthy();
  });
});
