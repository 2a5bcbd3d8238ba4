import type { SupportMessage } from '@nbr/domain/support';
import { describe, expect, it } from 'vitest';
import { withMessage } from './ticket-cache.ts';

const message = (id: string): SupportMessage => ({
  id,
  ticket_id: '01900000-0000-7000-8000-000000000000',
  author: 'staff',
  staff_name: null,
  content: id,
  created_at: '2026-11-27T12:00:00.000Z',
});

describe('withMessage', () => {
  it('adds a message in id order, and the same message only once', () => {
    const a = message('01900000-0000-7000-8000-00000000000a');
    const b = message('01900000-0000-7000-8000-00000000000b');
    const once = withMessage({ messages: [b] }, a);
    expect(once.messages.map((m) => m.id)).toEqual([a.id, b.id]);
    expect(withMessage(once, a)).toBe(once);
  });
});
