import type { Bike } from '@nbr/domain/bikes';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { Component as PostEditPage } from './post-edit-page.tsx';

/* After editing a bike: "saved" only when a save led here; opened by its address it claims nothing. */

beforeAll(() => initTestI18n('en', ['common', 'bikes']));

const BIKE = '019ac15e-0000-7000-8000-000900000001';

function open(state?: unknown) {
  queryClient.setQueryData(bikeQueryKey(BIKE), {
    bike_id: BIKE,
    nickname: 'Blue',
    frame_number: 'WDA12345Z',
    plate_id: null,
    pictures: [],
    documents: [],
    equipment: [],
  } as unknown as Bike);
  const router = createMemoryRouter(
    [{ path: '/app/my-bikes/:bikeId/post-edit', element: <PostEditPage /> }],
    {
      initialEntries: [{ pathname: `/app/my-bikes/${BIKE}/post-edit`, state }],
    },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/app/my-bikes/{bikeId}/post-edit', () => {
  // Nothing is fetched again: the bike above is what the page shows.
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

  it('says the changes are saved when the edit form led here', async () => {
    open({ saved: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'The changes are saved' })).toBeTruthy();
    expect(screen.getByText('“Blue” is updated.')).toBeTruthy();
  });

  it('opened by its address, it lists what is worth adding without claiming a save', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Blue' })).toBeTruthy();
    expect(screen.queryByText('“Blue” is updated.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'The changes are saved' })).toBeNull();
  });
});
