import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { myTicketsQueryKey } from '../api/get-my-tickets.ts';
import { applySupportEvent } from './live-support.ts';

/* What a live event does to the support screens' cached tickets. */

const TICKET = '0190a0b0-0000-7000-8000-0000000000c1';

describe('applySupportEvent', () => {
  it('fetches the tickets again on a support event', () => {
    const client = new QueryClient();
    client.setQueryData(myTicketsQueryKey, []);
    applySupportEvent(client, { type: 'support.ticket', ticket_id: TICKET, status: 'waiting' });
    expect(client.getQueryState(myTicketsQueryKey)?.isInvalidated).toBe(true);
  });

  it('fetches the tickets again on resync: the server lost live events, a reply may be among them', () => {
    const client = new QueryClient();
    client.setQueryData(myTicketsQueryKey, []);
    applySupportEvent(client, { type: 'resync' });
    expect(client.getQueryState(myTicketsQueryKey)?.isInvalidated).toBe(true);
  });

  it('leaves them alone for events of chats and the connection', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applySupportEvent(client, { type: 'pong' });
    applySupportEvent(client, { type: 'ready' });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
