import type { TicketWithMessages } from '@nbr/domain/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, logIn, mailsTo, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { listen, openSocket } from '../../test/realtime-helpers.ts';
import { grantStaffRole } from '../../test/role-fixtures.ts';

/*
 * Support live: staff's answer reaches the person's open websocket (as the person sees it, without
 * the staff member's name), the person's message reaches staff, status changes reach both; a person
 * connected when staff answer gets no mail.
 */

let t: TestApp;
let baseUrl: string;
let person: TestUser;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  person = await signUpUser(t.app);
  const staff = await signUpUser(t.app);
  await grantStaffRole(t.app.db, staff.partyId, 'support');
  staffToken = await logIn(t.app, staff.email, staff.password);
});

afterAll(async () => {
  await t?.close();
});

async function newTicket(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: bearer(person.token),
    payload: { subject_kind: 'account', message: 'Are you there?' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TicketWithMessages>().ticket.id;
}

describe('support live', () => {
  it('staff see a new ticket and the person’s messages as they come', async () => {
    const staffSocket = await openSocket(t.app, baseUrl, staffToken);
    try {
      const ticketId = await newTicket();
      const event = await staffSocket.waitFor('support.message', (e) => e.ticket_id === ticketId);
      expect(event.message).toMatchObject({ author: 'person', content: 'Are you there?' });
      await staffSocket.waitFor('support.ticket', (e) => e.ticket_id === ticketId && e.status === 'open');
    } finally {
      await staffSocket.close();
    }
  });

  it('the person sees staff’s answer live and the status change; connected, they get no mail', async () => {
    const ticketId = await newTicket();
    const socket = await openSocket(t.app, baseUrl, person.token);
    try {
      const answered = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/tickets/${ticketId}/messages`,
        headers: bearer(staffToken),
        payload: { content: 'Yes, we are here' },
      });
      expect(answered.statusCode, answered.body).toBe(201);
      const event = await socket.waitFor('support.message', (e) => e.ticket_id === ticketId);
      expect(event.message).toMatchObject({ author: 'staff', content: 'Yes, we are here', staff_name: null });
      await socket.waitFor('support.ticket', (e) => e.ticket_id === ticketId && e.status === 'waiting');
      expect(await mailsTo(t.app.db, person.email, 'support_answered')).toHaveLength(0);

      await t.app.inject({
        method: 'PATCH',
        url: `/api/backoffice/tickets/${ticketId}`,
        headers: bearer(staffToken),
        payload: { status: 'closed' },
      });
      await socket.waitFor('support.ticket', (e) => e.ticket_id === ticketId && e.status === 'closed');
    } finally {
      await socket.close();
    }
  });

  it('once the person has gone away, the next answer is mailed', async () => {
    const ticketId = await newTicket();
    const before = (await mailsTo(t.app.db, person.email, 'support_answered')).length;
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/tickets/${ticketId}/messages`,
      headers: bearer(staffToken),
      payload: { content: 'Are you still there?' },
    });
    expect(answered.statusCode).toBe(201);
    expect(await mailsTo(t.app.db, person.email, 'support_answered')).toHaveLength(before + 1);
  });
});
