import { bannedPasswordWordsIn, PASSWORD_WORD } from '@nbr/domain/sticker-word';
import { describe, expect, it } from 'vitest';
import {
  accountDeletedMail,
  passwordChangedMail,
  passwordResetMail,
  signUpAttemptMail,
} from './identity.mails.ts';

describe('the account mails name the password with one word per language (issue 27)', () => {
  for (const language of Object.keys(PASSWORD_WORD) as (keyof typeof PASSWORD_WORD)[]) {
    it(`${language} says "${PASSWORD_WORD[language]}"`, () => {
      const to = 'ida@example.test';
      const link = 'https://example.test/x';
      const found = [
        passwordResetMail({ to, language, link }),
        passwordChangedMail({ to, language }),
        accountDeletedMail({ to, language }),
        signUpAttemptMail({ to, language, loginLink: link, resetLink: link }),
      ]
        .filter((mail) => bannedPasswordWordsIn(language, `${mail.subject}\n${mail.text}`).length > 0)
        .map((mail) => `${mail.template}: ${mail.subject}`);
      expect(found).toEqual([]);
    });
  }
});
