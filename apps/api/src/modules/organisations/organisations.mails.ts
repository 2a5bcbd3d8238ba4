import { ORGANISATION_INVITATION_TTL_DAYS, type OrganisationRole } from '@nbr/domain/organisations';
import { translate } from '../../platform/i18n/translate.ts';
import { type MailLanguage, mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

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

/** The role an invitation offers, as the mail's sentence names it ("to become … of X"). */
const INVITED_AS: Record<OrganisationRole, Record<MailLanguage, string>> = {
  admin: { da: 'administrator', en: 'an administrator', no: 'administrator' },
  member: { da: 'medlem', en: 'a member', no: 'medlem' },
  dock_operator: { da: 'parkeringsansvarlig', en: 'a dock operator', no: 'parkeringsansvarlig' },
};

/**
 * To an address an organisation invites. Joining needs the recipient's own account and their click,
 * so the mail says who invited them and that ignoring it changes nothing. The organisation's name is
 * whatever its admin typed: the renderer escapes it in the HTML part.
 */
export function organisationInvitationMail(input: {
  to: string;
  language: string;
  organisationName: string;
  /** The inviting admin's name (or address); null when the registry's staff set the organisation up. */
  invitedBy: string | null;
  role: OrganisationRole;
  link: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const days = ORGANISATION_INVITATION_TTL_DAYS;
  const name = input.organisationName;
  const role = INVITED_AS[input.role];
  const who = {
    da: input.invitedBy ?? 'Cykelregistret',
    en: input.invitedBy ?? 'The Nordic Bike Registry',
    no: input.invitedBy ?? 'Sykkelregisteret',
  };
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: `Invitation til ${name} i Cykelregistret`,
      paragraphs: [
        `${who.da} har inviteret ${input.to} til at blive ${role.da} hos ${name} i Cykelregistret.`,
        'Åbn linket, log ind eller opret en bruger med denne e-mailadresse, og tag imod invitationen.',
      ],
      action: { label: 'Se invitationen', url: input.link },
      footer: `Linket virker i ${days} dage og kan kun bruges én gang. Hvis du ikke forventede invitationen, kan du se bort fra denne mail: der sker ingenting, før du selv tager imod den.`,
    },
    en: {
      subject: `Invitation to ${name} in the Nordic Bike Registry`,
      paragraphs: [
        `${who.en} invited ${input.to} to become ${role.en} of ${name} in the Nordic Bike Registry.`,
        'Open the link, log in or create an account with this e-mail address, and accept the invitation.',
      ],
      action: { label: 'See the invitation', url: input.link },
      footer: `The link works for ${days} days and only once. If you did not expect this invitation, you can ignore this e-mail: nothing happens unless you accept it yourself.`,
    },
    no: {
      subject: `Invitasjon til ${name} i Sykkelregisteret`,
      paragraphs: [
        `${who.no} har invitert ${input.to} til å bli ${role.no} hos ${name} i Sykkelregisteret.`,
        'Åpne lenken, logg inn eller opprett en bruker med denne e-postadressen, og ta imot invitasjonen.',
      ],
      action: { label: 'Se invitasjonen', url: input.link },
      footer: `Lenken virker i ${days} dager og kan bare brukes én gang. Hvis du ikke ventet denne invitasjonen, kan du se bort fra denne e-posten: ingenting skjer før du selv tar imot den.`,
    },
  };
  return render(input.to, lang, 'organisation_invitation', texts[lang]);
}
