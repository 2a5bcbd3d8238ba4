import { ORGANISATION_INVITATION_TTL_DAYS } from '@nbr/domain/organisations';
import { translate } from '../../platform/i18n/translate.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/** Mails are written in the recipient's stored language; Icelandic is not complete, so it gets English. */
type MailLanguage = 'da' | 'en' | 'no';

function mailLanguage(language: string): MailLanguage {
  if (language === 'da' || language === 'en' || language === 'no') return language;
  return language === 'is' ? 'en' : 'da';
}

const SIGNATURE: Record<MailLanguage, string> = {
  da: 'Venlig hilsen\nCykelregistret',
  en: 'Kind regards\nThe Nordic Bike Registry',
  no: 'Vennlig hilsen\nSykkelregisteret',
};

const HELLO: Record<MailLanguage, string> = { da: 'Hej,', en: 'Hello,', no: 'Hei,' };

interface MailText {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

function render(to: string, language: MailLanguage, template: string, content: MailText): OutgoingMail {
  const { text, html } = renderMail({
    language,
    heading: content.subject,
    paragraphs: [HELLO[language], ...content.paragraphs, content.footer],
    ...(content.action ? { action: content.action } : {}),
    footer: `${SIGNATURE[language]}\n\n${translate(language, 'mail.footer')}`,
  });
  return { to, language, template, subject: content.subject, text, html };
}

/**
 * To a new business user: an admin added them to an organisation; the link lets them choose a
 * password, after which they sign in acting for the organisation.
 */
export function organisationInvitationMail(input: {
  to: string;
  language: string;
  organisationName: string;
  link: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const days = ORGANISATION_INVITATION_TTL_DAYS;
  const name = input.organisationName;
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: `Du er inviteret til ${name} i Cykelregistret`,
      paragraphs: [
        `Du er blevet tilføjet som bruger hos ${name} i Cykelregistret med e-mailadressen ${input.to}.`,
        'Vælg et password med linket herunder. Derefter kan du logge ind og arbejde på vegne af organisationen.',
      ],
      action: { label: 'Vælg password', url: input.link },
      footer: `Linket virker i ${days} dage og kan kun bruges én gang. Hvis du ikke kender ${name}, kan du se bort fra denne mail.`,
    },
    en: {
      subject: `You are invited to ${name} in the Nordic Bike Registry`,
      paragraphs: [
        `You were added as a user of ${name} in the Nordic Bike Registry with the e-mail address ${input.to}.`,
        'Choose a password with the link below. Then you can sign in and work on behalf of the organisation.',
      ],
      action: { label: 'Choose password', url: input.link },
      footer: `The link works for ${days} days and only once. If you do not know ${name}, you can ignore this e-mail.`,
    },
    no: {
      subject: `Du er invitert til ${name} i Sykkelregisteret`,
      paragraphs: [
        `Du er lagt til som bruker hos ${name} i Sykkelregisteret med e-postadressen ${input.to}.`,
        'Velg et passord med lenken nedenfor. Deretter kan du logge inn og jobbe på vegne av organisasjonen.',
      ],
      action: { label: 'Velg passord', url: input.link },
      footer: `Lenken virker i ${days} dager og kan bare brukes én gang. Hvis du ikke kjenner ${name}, kan du se bort fra denne e-posten.`,
    },
  };
  return render(input.to, lang, 'organisation_invitation', texts[lang]);
}

/** To a person who already has an account: they now belong to an organisation, with this role. */
export function organisationMemberAddedMail(input: {
  to: string;
  language: string;
  organisationName: string;
  role: 'admin' | 'member';
  link: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const name = input.organisationName;
  const role = {
    da: input.role === 'admin' ? 'administrator' : 'medlem',
    en: input.role === 'admin' ? 'an administrator' : 'a member',
    no: input.role === 'admin' ? 'administrator' : 'medlem',
  };
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: `Du er tilføjet til ${name}`,
      paragraphs: [
        `Du er blevet tilføjet til ${name} i Cykelregistret som ${role.da}.`,
        'Under Mine organisationer kan du skifte til at arbejde på vegne af organisationen og tilbage igen.',
      ],
      action: { label: 'Se mine organisationer', url: input.link },
      footer: `Hvis du ikke kender ${name}, kan du forlade organisationen samme sted.`,
    },
    en: {
      subject: `You were added to ${name}`,
      paragraphs: [
        `You were added to ${name} in the Nordic Bike Registry as ${role.en}.`,
        'Under My organisations you can switch to working on behalf of the organisation, and back.',
      ],
      action: { label: 'See my organisations', url: input.link },
      footer: `If you do not know ${name}, you can leave the organisation in the same place.`,
    },
    no: {
      subject: `Du er lagt til i ${name}`,
      paragraphs: [
        `Du er lagt til i ${name} i Sykkelregisteret som ${role.no}.`,
        'Under Mine organisasjoner kan du bytte til å jobbe på vegne av organisasjonen og tilbake igjen.',
      ],
      action: { label: 'Se mine organisasjoner', url: input.link },
      footer: `Hvis du ikke kjenner ${name}, kan du forlate organisasjonen samme sted.`,
    },
  };
  return render(input.to, lang, 'organisation_member_added', texts[lang]);
}
