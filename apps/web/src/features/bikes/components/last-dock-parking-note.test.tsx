import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n.ts';
import { LastDockParkingNote } from './last-dock-parking-note.tsx';

/*
 * Issue 28: the owner of a stolen bike reads where it was last locked in a dock; the address is
 * asked only while the bike is stolen.
 */

const BIKE = '0190a6f0-0000-7000-8000-0000000000b1';

beforeAll(() => initTestI18n('en', ['common', 'bikes']));

describe('LastDockParkingNote', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const show = (isStolen: boolean) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LastDockParkingNote bikeId={BIKE} isStolen={isStolen} />
      </QueryClientProvider>,
    );

  it('tells the dock, its address and the lock of a stolen bike’s last parking', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            dock_id: '0190a6f0-0000-7000-8000-0000000000d1',
            dock_name: 'Havnen',
            street_address: 'Havnegade 2',
            town: 'Aarhus C',
            lock_label: 'B1',
            locked_at: '2026-12-05T08:30:00Z',
            unlocked_at: null,
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    show(true);
    const note = await screen.findByTestId('last-dock-parking');
    expect(note.textContent).toMatch(
      /^Last locked in the dock Havnen \(Havnegade 2, Aarhus C\), lock B1, on /,
    );
    expect(note.textContent).toMatch(/not unlocked since\.$/);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/bikes/${BIKE}/last-dock-parking`);
  });

  it('shows nothing when the bike never stood in a dock, and asks nothing while it is not stolen', async () => {
    fetchMock.mockImplementation(
      async () => new Response('null', { headers: { 'content-type': 'application/json' } }),
    );
    const { container } = show(true);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(container.textContent).toBe('');
    cleanup();
    fetchMock.mockClear();
    show(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('last-dock-parking')).toBeNull();
  });
});
