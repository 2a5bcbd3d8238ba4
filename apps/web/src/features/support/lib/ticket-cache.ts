import type { SupportMessage } from '@nbr/domain/support';

/** A conversation with one more message, once: the live copy of a message I sent is not shown twice. */
export function withMessage<T extends { messages: SupportMessage[] }>(data: T, message: SupportMessage): T {
  if (data.messages.some((existing) => existing.id === message.id)) return data;
  const messages = [...data.messages, message].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { ...data, messages };
}
