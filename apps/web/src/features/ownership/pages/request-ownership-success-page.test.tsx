import type { OwnershipRequest } from '@nbr/domain/ownership';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestsQueryKey } from '../../../lib/api/ownership/requests.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { Component as RequestSuccessPage } from './request-ownership-success-page.tsx';

/* "Your request was sent" only when it was: opened by an address naming no request of theirs, it claims nothing. */

beforeAll(() => initTestI18n('en', ['common', 'ownership']));

const CHAT = '019ac15e-0000-7000-8000-000a00000001';

function open(options: { state?: unknown; requests: Array<Partial<OwnershipRequest>> }) {
  queryClient.setQueryData(requestsQueryKey, options.requests);
  const router = createMemoryRouter(
    [{ path: '/app/bikes/request-ownership/success/:chatId', element: <RequestSuccessPage /> }],
    { initialEntries: [{ pathname: `/app/bikes/request-ownership/success/${CHAT}`, state: options.state }] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/app/bikes/request-ownership/success/{chatId}', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    ),
  );
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('confirms a request just sent', async () => {
    open({ state: { sent: true }, requests: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'The request is sent' })).toBeTruthy();
  });

  it('confirms it again for a request the person sent in that chat', async () => {
    open({ requests: [{ chat_id: CHAT, direction: 'outgoing' }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'The request is sent' })).toBeTruthy();
  });

  it('opened by an address naming no request of theirs, claims nothing was sent', async () => {
    open({ requests: [{ chat_id: CHAT, direction: 'incoming' }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'No request here' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The request is sent' })).toBeNull();
  });
});
