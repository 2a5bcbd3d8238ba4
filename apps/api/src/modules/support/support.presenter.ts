import type {
  StaffTicket,
  SupportMessage,
  SupportSubjectKind,
  Ticket,
  TicketStatus,
} from '@nbr/domain/support';
import type { TicketMessageRow, TicketRow } from './support.repository.ts';

/** What a ticket is about, looked up once for a page of tickets. */
export interface TicketReferences {
  bikes: ReadonlyMap<string, { nickname: string | null; brand: string | null; frameNumber: string | null }>;
  orders: ReadonlyMap<string, { id: string; receiptNumber: number | null; createdAt: Date }>;
}

/** A ticket as the person who asked sees it. */
export function presentTicket(row: TicketRow, references: TicketReferences): Ticket {
  const bike = row.bikeId ? references.bikes.get(row.bikeId) : undefined;
  const order = row.orderId ? references.orders.get(row.orderId) : undefined;
  return {
    id: row.id,
    subject_kind: row.subjectKind as SupportSubjectKind,
    bike: row.bikeId && bike ? { id: row.bikeId, nickname: bike.nickname, brand: bike.brand } : null,
    order: order
      ? { id: order.id, receipt_number: order.receiptNumber, created_at: order.createdAt.toISOString() }
      : null,
    status: row.status as TicketStatus,
    created_at: row.createdAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
  };
}

/** A ticket as staff see it: who asked (name and address) and who took it. */
export function presentStaffTicket(
  row: TicketRow,
  references: TicketReferences,
  people: ReadonlyMap<string, { name: string | null; email: string }>,
  names: ReadonlyMap<string, string | null>,
): StaffTicket {
  const requester = row.requesterPartyId ? people.get(row.requesterPartyId) : undefined;
  const bike = row.bikeId ? references.bikes.get(row.bikeId) : undefined;
  return {
    ...presentTicket(row, references),
    requester: {
      party_id: row.requesterPartyId,
      name: requester?.name ?? null,
      email: requester?.email ?? row.guestEmail,
      is_guest: row.requesterPartyId === null,
    },
    assigned_to: row.assignedPartyId
      ? { party_id: row.assignedPartyId, name: names.get(row.assignedPartyId) ?? null }
      : null,
    bike_frame_number: bike?.frameNumber ?? null,
  };
}

/**
 * A message. The person sees staff as "support" (no staff name: the team answers, not a private
 * person); staff see which colleague wrote.
 */
export function presentSupportMessage(
  row: TicketMessageRow,
  staffNames: ReadonlyMap<string, string | null> | null,
): SupportMessage {
  return {
    id: row.id,
    ticket_id: row.ticketId,
    author: row.authorKind === 'staff' ? 'staff' : 'person',
    staff_name: staffNames && row.staffPartyId ? (staffNames.get(row.staffPartyId) ?? null) : null,
    content: row.content,
    created_at: row.createdAt.toISOString(),
  };
}
