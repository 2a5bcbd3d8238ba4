/*
 * What other modules may use of chats: ownership opens chats for transfers and requests and writes
 * their offers and system messages; theft writes to a bike's owner and keeps visitors as guests
 * (guest-contacts.service.ts); account deletion forgets the guests an account claimed; a proven
 * address claims the guests who wrote from it. Writes run in the caller's transaction; live delivery
 * (`announce…`) runs after it commits.
 */

export type { ChatsDeps } from './chats.deps.ts';
export {
  announceMessages,
  announceQuietly,
  announceTransfer,
  chatIdOfBikeStarter,
  chatIdOfRequest,
  chatIdOfTransfer,
  detachBikeChats,
  type NewParticipant,
  openBikeChat,
  openChat,
  type PostedMessage,
  postMessage,
  showParticipantName,
  writeToBikeOwner,
} from './chats.service.ts';
export {
  claimGuestContacts,
  confirmedGuestOfBike,
  forgetGuestContactsOf,
  lockContactConfirmation,
  markContactConfirmationDelivered,
  storeContactConfirmation,
} from './guest-contacts.service.ts';
export { chatsPersonalData, forgetUnconfirmedMessagesFrom } from './personal-data.repository.ts';
