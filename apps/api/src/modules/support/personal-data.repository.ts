import type { Executor } from '../../db/client.ts';
import * as repository from './support.repository.ts';

/**
 * Support's section of the personal data export (use-cases/export-personal-data.ts): the person's
 * tickets — those they opened signed in, and those written as a visitor from one of their
 * addresses — with every message, since staff's answers are part of the conversation. Staff appear
 * only as "support", never by name; the staff member a ticket is assigned to is left out.
 */
export async function supportPersonalData(executor: Executor, partyId: string, addresses: readonly string[]) {
  const tickets = await repository.findTicketsOfPerson(executor, partyId, addresses);
  const messages = await repository.findMessagesOfTickets(
    executor,
    tickets.map((ticket) => ticket.id),
  );
  return {
    support_tickets: tickets.map((ticket) => ({
      id: ticket.id,
      subject_kind: ticket.subjectKind,
      bike_id: ticket.bikeId,
      order_id: ticket.orderId,
      status: ticket.status,
      written_as_visitor_from: ticket.guestEmail,
      confirmed_at: ticket.confirmedAt,
      created_at: ticket.createdAt,
      closed_at: ticket.closedAt,
      messages: messages
        .filter((message) => message.ticketId === ticket.id)
        .map((message) => ({
          from: message.authorKind === 'staff' ? 'support' : 'you',
          content: message.content,
          created_at: message.createdAt,
        })),
    })),
  };
}

/**
 * The account is being deleted (in its transaction): its tickets and the visitor tickets written
 * from its addresses go, with every message in them (staff's answers too: they are about the person
 * and mean nothing without the questions). The audit rows of staff's answers stay, without text.
 */
export async function forgetSupportTicketsOf(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
): Promise<void> {
  await repository.deleteTicketsOfPerson(executor, partyId, addresses);
}
