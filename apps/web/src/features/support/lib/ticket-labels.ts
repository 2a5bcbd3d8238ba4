import type { Ticket } from '@nbr/domain/support';
import type { TFunction } from 'i18next';

/** What a ticket is about, as its title: the account, a bike by its name, an order by its number. */
export function ticketTitle(ticket: Pick<Ticket, 'subject_kind' | 'bike' | 'order'>, t: TFunction): string {
  if (ticket.subject_kind === 'bike') {
    const name = ticket.bike?.nickname || ticket.bike?.brand;
    return name ? t('support:subjects.bikeNamed', { name }) : t('support:subjects.bike');
  }
  if (ticket.subject_kind === 'order') {
    const number = ticket.order?.receipt_number;
    return number ? t('support:subjects.orderNumbered', { number }) : t('support:subjects.order');
  }
  return t('support:subjects.account');
}
