import type { ChatMessage, ChatParticipant } from '@nbr/domain/chats';
import type { OwnershipBike } from '@nbr/domain/ownership';
import type { TFunction } from 'i18next';

/*
 * How chats name things: the bike (its nickname, else make and model), the person at the other end
 * (their name, or their role while they are anonymous — "Ejeren af cyklen"), and a message in one line.
 */

export function bikeTitle(bike: OwnershipBike | null, t: TFunction): string {
  if (!bike) return t('chats:bike.unnamed');
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  return bike.nickname?.trim() || make || t('chats:bike.unnamed');
}

/** Make and model under the nickname, when the title is the nickname. */
export function bikeSubtitle(bike: OwnershipBike | null): string | null {
  if (!bike?.nickname?.trim()) return null;
  return [bike.brand, bike.model].filter(Boolean).join(' ') || null;
}

export function participantName(participant: ChatParticipant | null, t: TFunction): string {
  if (!participant) return t('chats:chat.register');
  if (participant.is_me) return t('chats:chat.you');
  return participant.name ?? t(`chats:roles.${participant.role}`);
}

/** A message as one line of text: the text itself, a translated system event, or "Tilbud om overdragelse". */
export function messageText(message: ChatMessage, t: TFunction): string {
  if (message.kind === 'transfer_offer') return t('chats:offer.preview');
  if (message.kind === 'system') {
    return message.system_event ? t(`chats:system.${message.system_event}`) : '';
  }
  return message.content ?? '';
}

/** The inbox's preview of the last message: prefixed with "Du:" when I wrote it. */
export function messagePreview(message: ChatMessage | null, t: TFunction): string {
  if (!message) return t('chats:inbox.noMessages');
  const text = messageText(message, t).replace(/\s+/g, ' ').trim();
  return message.sender?.is_me ? t('chats:inbox.mine', { text }) : text;
}
