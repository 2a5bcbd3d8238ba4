import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '@nbr/domain/identity';
import { translate } from '../../platform/i18n/translate.ts';
import { type MailLanguage, mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

interface MailText {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

const SIGNATURE: Record<MailLanguage, string> = {
  da: 'Venlig hilsen\nCykelregistret',
  en: 'Kind regards\nThe Nordic Bike Registry',
  no: 'Vennlig hilsen\nSykkelregisteret',
};

const IGNORE: Record<MailLanguage, string> = {
  da: 'Hvis det ikke var dig, kan du se bort fra denne mail.',
  en: 'If this was not you, you can ignore this e-mail.',
  no: 'Hvis det ikke var deg, kan du se bort fra denne e-posten.',
};

const CONTACT: Record<MailLanguage, string> = {
  da: 'Hvis det ikke var dig, så nulstil din adgangskode med det samme og kontakt os.',
  en: 'If this was not you, reset your password at once and contact us.',
  no: 'Hvis det ikke var deg, tilbakestill passordet ditt med en gang og kontakt oss.',
};

function render(to: string, language: MailLanguage, template: string, content: MailText): OutgoingMail {
  const { text, html } = renderMail({
    language,
    heading: content.subject,
    paragraphs: [content.greeting, ...content.paragraphs, content.footer],
    ...(content.action ? { action: content.action } : {}),
    footer: `${SIGNATURE[language]}\n\n${translate(language, 'mail.footer')}`,
  });
  return { to, language, template, subject: content.subject, text, html };
}

const HELLO: Record<MailLanguage, string> = { da: 'Hej,', en: 'Hello,', no: 'Hei,' };

export function emailVerificationMail(input: { to: string; language: string; link: string }): OutgoingMail {
  const lang = mailLanguage(input.language);
  const hours = EMAIL_VERIFICATION_TTL_HOURS;
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: 'Bekræft din e-mailadresse',
      greeting: HELLO.da,
      paragraphs: [
        'Tak fordi du har oprettet en profil i Cykelregistret. Bekræft din e-mailadresse med linket herunder.',
      ],
      action: { label: 'Bekræft e-mailadresse', url: input.link },
      footer: `Linket virker i ${hours} timer. ${IGNORE.da}`,
    },
    en: {
      subject: 'Confirm your e-mail address',
      greeting: HELLO.en,
      paragraphs: [
        'Thank you for creating a profile in the Nordic Bike Registry. Please confirm your e-mail address with the link below.',
      ],
      action: { label: 'Confirm e-mail address', url: input.link },
      footer: `The link works for ${hours} hours. ${IGNORE.en}`,
    },
    no: {
      subject: 'Bekreft e-postadressen din',
      greeting: HELLO.no,
      paragraphs: [
        'Takk for at du har opprettet en profil i Sykkelregisteret. Bekreft e-postadressen din med lenken nedenfor.',
      ],
      action: { label: 'Bekreft e-postadresse', url: input.link },
      footer: `Lenken virker i ${hours} timer. ${IGNORE.no}`,
    },
  };
  return render(input.to, lang, 'email_verification', texts[lang]);
}

/** Sent to the NEW address: the change takes effect only when this link is followed. */
export function emailChangeConfirmationMail(input: {
  to: string;
  language: string;
  link: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const hours = EMAIL_VERIFICATION_TTL_HOURS;
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: 'Bekræft din nye e-mailadresse',
      greeting: HELLO.da,
      paragraphs: [
        `Du har bedt om at skifte e-mailadressen på din profil i Cykelregistret til ${input.to}.`,
        'Ændringen træder først i kraft, når du har bekræftet den med linket herunder.',
      ],
      action: { label: 'Bekræft ny e-mailadresse', url: input.link },
      footer: `Linket virker i ${hours} timer. ${IGNORE.da}`,
    },
    en: {
      subject: 'Confirm your new e-mail address',
      greeting: HELLO.en,
      paragraphs: [
        `You asked to change the e-mail address of your Nordic Bike Registry profile to ${input.to}.`,
        'The change takes effect only once you confirm it with the link below.',
      ],
      action: { label: 'Confirm new e-mail address', url: input.link },
      footer: `The link works for ${hours} hours. ${IGNORE.en}`,
    },
    no: {
      subject: 'Bekreft den nye e-postadressen din',
      greeting: HELLO.no,
      paragraphs: [
        `Du har bedt om å endre e-postadressen på profilen din i Sykkelregisteret til ${input.to}.`,
        'Endringen trer først i kraft når du har bekreftet den med lenken nedenfor.',
      ],
      action: { label: 'Bekreft ny e-postadresse', url: input.link },
      footer: `Lenken virker i ${hours} timer. ${IGNORE.no}`,
    },
  };
  return render(input.to, lang, 'email_change_confirmation', texts[lang]);
}

/** Sent to the OLD address, so a hijacked session cannot quietly move the account away. */
export function emailChangeNoticeMail(input: {
  to: string;
  language: string;
  newEmail: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: 'Din e-mailadresse er ved at blive ændret',
      greeting: HELLO.da,
      paragraphs: [
        `Der er bedt om at skifte e-mailadressen på din profil i Cykelregistret til ${input.newEmail}.`,
      ],
      footer: CONTACT.da,
    },
    en: {
      subject: 'Your e-mail address is being changed',
      greeting: HELLO.en,
      paragraphs: [
        `Someone asked to change the e-mail address of your Nordic Bike Registry profile to ${input.newEmail}.`,
      ],
      footer: CONTACT.en,
    },
    no: {
      subject: 'E-postadressen din er i ferd med å bli endret',
      greeting: HELLO.no,
      paragraphs: [
        `Det er bedt om å endre e-postadressen på profilen din i Sykkelregisteret til ${input.newEmail}.`,
      ],
      footer: CONTACT.no,
    },
  };
  return render(input.to, lang, 'email_change_notice', texts[lang]);
}

export function passwordResetMail(input: { to: string; language: string; link: string }): OutgoingMail {
  const lang = mailLanguage(input.language);
  const minutes = PASSWORD_RESET_TTL_MINUTES;
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: 'Nulstil din adgangskode',
      greeting: HELLO.da,
      paragraphs: ['Vi har fået en anmodning om at nulstille adgangskoden til din profil i Cykelregistret.'],
      action: { label: 'Vælg en ny adgangskode', url: input.link },
      footer: `Linket virker i ${minutes} minutter og kan kun bruges én gang. ${IGNORE.da}`,
    },
    en: {
      subject: 'Reset your password',
      greeting: HELLO.en,
      paragraphs: ['We received a request to reset the password of your Nordic Bike Registry profile.'],
      action: { label: 'Choose a new password', url: input.link },
      footer: `The link works for ${minutes} minutes and only once. ${IGNORE.en}`,
    },
    no: {
      subject: 'Tilbakestill passordet ditt',
      greeting: HELLO.no,
      paragraphs: [
        'Vi har mottatt en forespørsel om å tilbakestille passordet til profilen din i Sykkelregisteret.',
      ],
      action: { label: 'Velg et nytt passord', url: input.link },
      footer: `Lenken virker i ${minutes} minutter og kan bare brukes én gang. ${IGNORE.no}`,
    },
  };
  return render(input.to, lang, 'password_reset', texts[lang]);
}

export function passwordChangedMail(input: { to: string; language: string }): OutgoingMail {
  const lang = mailLanguage(input.language);
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: 'Din adgangskode er ændret',
      greeting: HELLO.da,
      paragraphs: [
        'Adgangskoden til din profil i Cykelregistret er netop blevet ændret, og du er logget ud på alle andre enheder.',
      ],
      footer: CONTACT.da,
    },
    en: {
      subject: 'Your password was changed',
      greeting: HELLO.en,
      paragraphs: [
        'The password of your Nordic Bike Registry profile was just changed, and you were signed out on every other device.',
      ],
      footer: CONTACT.en,
    },
    no: {
      subject: 'Passordet ditt er endret',
      greeting: HELLO.no,
      paragraphs: [
        'Passordet til profilen din i Sykkelregisteret er nettopp endret, og du er logget ut på alle andre enheter.',
      ],
      footer: CONTACT.no,
    },
  };
  return render(input.to, lang, 'password_changed', texts[lang]);
}

export function accountDeletedMail(input: { to: string; language: string }): OutgoingMail {
  const lang = mailLanguage(input.language);
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: 'Din profil er slettet',
      greeting: HELLO.da,
      paragraphs: [
        'Din profil i Cykelregistret er slettet, og dine personoplysninger er fjernet.',
        'Betalingsoplysninger opbevares i fem år, som bogføringsloven kræver, og slettes derefter.',
      ],
      footer: 'Tak fordi du brugte Cykelregistret.',
    },
    en: {
      subject: 'Your profile has been deleted',
      greeting: HELLO.en,
      paragraphs: [
        'Your Nordic Bike Registry profile has been deleted and your personal data removed.',
        'Payment records are kept for five years, as bookkeeping law requires, and deleted afterwards.',
      ],
      footer: 'Thank you for using the Nordic Bike Registry.',
    },
    no: {
      subject: 'Profilen din er slettet',
      greeting: HELLO.no,
      paragraphs: [
        'Profilen din i Sykkelregisteret er slettet, og personopplysningene dine er fjernet.',
        'Betalingsopplysninger oppbevares i fem år, slik bokføringsloven krever, og slettes deretter.',
      ],
      footer: 'Takk for at du brukte Sykkelregisteret.',
    },
  };
  return render(input.to, lang, 'account_deleted', texts[lang]);
}

/**
 * Sent to an address that already belongs to an account when someone asks to move another account
 * to it. The answer to the asker is the same as for a free address (it must not tell which addresses
 * have an account), so only the address's own mailbox learns that nothing changed, and why.
 */
export function addressInUseMail(input: { to: string; language: string }): OutgoingMail {
  const lang = mailLanguage(input.language);
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: 'Nogen ville bruge din e-mailadresse i Cykelregistret',
      greeting: HELLO.da,
      paragraphs: [
        'Der er bedt om at flytte en anden profil i Cykelregistret over på denne e-mailadresse. Adressen hører allerede til din profil, så intet er ændret.',
        'Var det dig, har du altså allerede en profil med denne adresse: log ind med den.',
      ],
      footer: IGNORE.da,
    },
    en: {
      subject: 'Someone wanted to use your e-mail address in the Nordic Bike Registry',
      greeting: HELLO.en,
      paragraphs: [
        'Someone asked to move another Nordic Bike Registry profile to this e-mail address. The address already belongs to your profile, so nothing has changed.',
        'If it was you, you already have a profile with this address: log in with it.',
      ],
      footer: IGNORE.en,
    },
    no: {
      subject: 'Noen ville bruke e-postadressen din i Sykkelregisteret',
      greeting: HELLO.no,
      paragraphs: [
        'Det er bedt om å flytte en annen profil i Sykkelregisteret over til denne e-postadressen. Adressen hører allerede til profilen din, så ingenting er endret.',
        'Var det deg, har du altså allerede en profil med denne adressen: logg inn med den.',
      ],
      footer: IGNORE.no,
    },
  };
  return render(input.to, lang, 'address_in_use_notice', texts[lang]);
}

/**
 * To the owner of an address someone tried to sign up with: the sign-up was answered as any other
 * (issue 14: no answer tells which addresses have an account), so only this mailbox learns of it.
 */
export function signUpAttemptMail(input: {
  to: string;
  language: string;
  loginLink: string;
  resetLink: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const texts: Record<MailLanguage, MailText> = {
    da: {
      subject: 'Nogen forsøgte at oprette en profil med din e-mailadresse',
      greeting: HELLO.da,
      paragraphs: [
        'Der er forsøgt oprettet en ny profil i Cykelregistret med denne e-mailadresse. Adressen hører allerede til din profil, så der er ikke oprettet noget, og intet er ændret.',
        `Var det dig, så log ind med din profil. Har du glemt din adgangskode, kan du vælge en ny her: ${input.resetLink}`,
      ],
      action: { label: 'Log ind', url: input.loginLink },
      footer: IGNORE.da,
    },
    en: {
      subject: 'Someone tried to sign up with your e-mail address',
      greeting: HELLO.en,
      paragraphs: [
        'Someone tried to sign up for a new Nordic Bike Registry profile with this e-mail address. The address already belongs to your profile, so nothing was created and nothing has changed.',
        `If it was you, log in with your profile. If you have forgotten your password, choose a new one here: ${input.resetLink}`,
      ],
      action: { label: 'Log in', url: input.loginLink },
      footer: IGNORE.en,
    },
    no: {
      subject: 'Noen prøvde å opprette en profil med e-postadressen din',
      greeting: HELLO.no,
      paragraphs: [
        'Det er forsøkt opprettet en ny profil i Sykkelregisteret med denne e-postadressen. Adressen hører allerede til profilen din, så ingenting er opprettet, og ingenting er endret.',
        `Var det deg, så logg inn med profilen din. Har du glemt passordet, kan du velge et nytt her: ${input.resetLink}`,
      ],
      action: { label: 'Logg inn', url: input.loginLink },
      footer: IGNORE.no,
    },
  };
  return render(input.to, lang, 'sign_up_attempt_notice', texts[lang]);
}
