import { EMAIL_VERIFICATION_TTL_HOURS } from '@nbr/domain/identity';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { Link } from '../../../ui/link.tsx';
import styles from '../auth.module.css';
import { rememberPasswordResetEmail } from '../password-reset-email.ts';

export interface SignUpMailSentProps {
  /** The address the link went to, as the person typed it. */
  email: string;
  /** Back to the form, to give another address. */
  onOtherAddress: () => void;
}

/**
 * What every sign-up answers, whether the address was free or already had an account (issue 14):
 * a link went to the address; following it opens the account and signs in.
 */
export function SignUpMailSent({ email, onOtherAddress }: SignUpMailSentProps) {
  const { t } = useTranslation('auth');
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className={styles.panel}>
      <h2 ref={headingRef} tabIndex={-1}>
        {t('signup.checkMail.title')}
      </h2>
      <p>
        <Trans
          t={t}
          i18nKey="signup.checkMail.body"
          values={{ email, hours: EMAIL_VERIFICATION_TTL_HOURS }}
          components={{ strong: <EmailAddress /> }}
        />
      </p>
      <p>{t('signup.checkMail.noMail')}</p>
      <p>
        <Trans
          t={t}
          i18nKey="signup.checkMail.haveAccount"
          components={{
            loginLink: <Link href={paths.auth.login.getHref()} />,
            forgotLink: (
              <Link
                href={paths.auth.forgotPassword.getHref()}
                onPress={() => rememberPasswordResetEmail(email)}
              />
            ),
          }}
        />
      </p>
      <Button variant="secondary" onPress={onOtherAddress}>
        {t('signup.checkMail.otherAddress')}
      </Button>
    </div>
  );
}
