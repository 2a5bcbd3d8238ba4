import type { ChatSubjectKind } from '@nbr/domain/chats';
import type { Language } from '@nbr/domain/locale';
import { type MessageKey, translate } from '../../platform/i18n/translate.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

export interface UnreadChatLine {
  chatId: string;
  kind: ChatSubjectKind;
  /** The bike's brand (what anyone who may see the bike sees), to tell chats apart; null when unknown. */
  brand: string | null;
  unreadCount: number;
}

const SUBJECT_KEYS: Record<ChatSubjectKind, { plain: MessageKey; withBrand: MessageKey }> = {
  bike: { plain: 'mail.chats.subject_bike', withBrand: 'mail.chats.subject_bike_brand' },
  transfer: { plain: 'mail.chats.subject_transfer', withBrand: 'mail.chats.subject_transfer_brand' },
  request: { plain: 'mail.chats.subject_request', withBrand: 'mail.chats.subject_request_brand' },
};

/**
 * One mail for everything a person has not read while away: how many messages in which chats, with
 * a link to each. Deliberately no message text and no names: a mailbox is read on shared screens
 * and forwarded, and an owner who has not written yet must stay anonymous.
 */
export function unreadMessagesMail(input: {
  to: string;
  language: string;
  publicUrl: string;
  chats: readonly UnreadChatLine[];
}): OutgoingMail {
  const language: Language = mailLanguage(input.language);
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
  const total = input.chats.reduce((sum, chat) => sum + chat.unreadCount, 0);
  const linkOf = (chatId: string) => `${input.publicUrl}/app/chats/${chatId}`;
  const lines = input.chats.map((chat) => {
    const keys = SUBJECT_KEYS[chat.kind];
    const subject = chat.brand ? t(keys.withBrand, { brand: chat.brand }) : t(keys.plain);
    return t(chat.unreadCount === 1 ? 'mail.chats.line_one' : 'mail.chats.line_other', {
      subject,
      count: chat.unreadCount,
      link: linkOf(chat.chatId),
    });
  });
  const [only] = input.chats;
  const action =
    input.chats.length === 1 && only
      ? { label: t('mail.chats.action_one'), url: linkOf(only.chatId) }
      : { label: t('mail.chats.action_other'), url: `${input.publicUrl}/app/chats` };
  const subject = t('mail.chats.subject');
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [
      t('mail.chats.greeting'),
      t(total === 1 ? 'mail.chats.intro_one' : 'mail.chats.intro_other', { count: total }),
      lines.join('\n'),
      t('mail.chats.privacy'),
      t('mail.chats.footer'),
    ],
    action,
    footer: `${t('mail.chats.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language, template: 'chat_unread', subject, text, html };
}

/**
 * To someone who wrote to an owner without an account, when the owner has answered: one mail per
 * notifier pass, in the language they wrote in. No message text, no owner name or address: the
 * way to the answer is an account proven with this same address (its chats then move there).
 */
export function guestAnsweredMail(input: { to: string; language: string; publicUrl: string }): OutgoingMail {
  const language: Language = mailLanguage(input.language);
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
  const subject = t('mail.chats.guest_subject');
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [
      t('mail.chats.greeting'),
      t('mail.chats.guest_intro'),
      t('mail.chats.guest_how', { email: input.to }),
      t('mail.chats.guest_privacy'),
      t('mail.chats.guest_footer'),
    ],
    action: { label: t('mail.chats.guest_action'), url: `${input.publicUrl}/app/chats` },
    footer: `${t('mail.chats.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language, template: 'chat_guest_answered', subject, text, html };
}
