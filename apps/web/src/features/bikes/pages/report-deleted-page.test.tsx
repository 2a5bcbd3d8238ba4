import type { Bike } from '@nbr/domain/bikes';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { Component as ReportDeletedPage } from './report-deleted-page.tsx';

/*
 * The deletion's confirmation says "deleted" only when the deletion led there; opened by its
 * address it tells what is true of the bike.
 */

beforeAll(() => initTestI18n('en', ['common', 'bikes']));

const BIKE = '019ac15e-0000-7000-8000-000800000001';

function open(state?: unknown) {
  const router = createMemoryRouter(
    [{ path: '/app/my-bikes/:bikeId/report-deleted', element: <ReportDeletedPage /> }],
    {
      initialEntries: [{ pathname: `/app/my-bikes/${BIKE}/report-deleted`, state }],
    },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/app/my-bikes/{bikeId}/report-deleted', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    queryClient.clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('confirms the deletion the person just made', async () => {
    open({ deleted: true, nickname: 'Blue' });
    expect(await screen.findByRole('heading', { level: 1, name: 'The bike is deleted' })).toBeTruthy();
    expect(screen.getByText('“Blue” is deleted.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opened by its address for a bike that exists, says it is not deleted and leads to it', async () => {
    queryClient.setQueryData(bikeQueryKey(BIKE), { bike_id: BIKE, nickname: 'Blue' } as Bike);
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The bike has not been deleted' }),
    ).toBeTruthy();
    expect(screen.queryByText(/is deleted/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Blue' }).getAttribute('href')).toBe(
      `/app/my-bikes/${BIKE}`,
    );
  });

  it('opened by its address where there is no bike of theirs, claims no deletion', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ detail: 'Not found', code: 'not_found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'No bike here' })).toBeTruthy();
    expect(screen.queryByText(/is deleted/)).toBeNull();
  });
});
