import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { takeDestinationAfterSignUp } from '../../../lib/redirect.ts';
import { useSession } from '../../../lib/session.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, FormActions } from '../../../ui/form.tsx';
import { useUpdateConsent } from '../api/update-consent.ts';
import styles from '../auth.module.css';

export interface NewsletterConsentFormProps {
  /** What 'Yes please' agrees to, shown above the answers and read out with the yes button. */
  consentLabel: ReactNode;
  yesLabel: string;
  noLabel: string;
}

/**
 * The newsletter question right after sign-up: one press answers it. 'Yes please' is the explicit
 * act of consent (the text it agrees to is its description), so no box has to be ticked as well
 * (issue 14). Either answer is recorded and continues; a visitor without an account is sent to
 * sign up first.
 */
export function NewsletterConsentForm({ consentLabel, yesLabel, noLabel }: NewsletterConsentFormProps) {
  const { t } = useTranslation('common');
  const { isLoggedIn, claims } = useSession();
  const navigate = useNavigate();
  const updateConsent = useUpdateConsent();
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<'grant' | 'revoke' | null>(null);
  const consentId = useId();

  if (!isLoggedIn) return <Navigate to={paths.auth.signup.getHref()} replace />;

  // Back to the page that asked for an account (an invitation link), else the app start page.
  const goOn = () => navigate(takeDestinationAfterSignUp(claims), { replace: true });

  const accept = async () => {
    setFailure(null);
    setAnswer('grant');
    try {
      await updateConsent.mutateAsync({ type: 'newsletter', action: 'grant' });
      goOn();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  const decline = async () => {
    setAnswer('revoke');
    // A 'no' is recorded too (the consent history shows the user was asked), but failing to record
    // it must not hold the user back: not being subscribed is what they asked for.
    await updateConsent.mutateAsync({ type: 'newsletter', action: 'revoke' }).catch(() => undefined);
    goOn();
  };

  return (
    <div>
      <ErrorSummary message={failure} />
      <p id={consentId} className={styles.consentText}>
        {consentLabel}
      </p>
      <FormActions>
        <Button
          aria-describedby={consentId}
          onPress={() => void accept()}
          isPending={updateConsent.isPending && answer === 'grant'}
        >
          {yesLabel}
        </Button>
        <Button
          variant="secondary"
          onPress={() => void decline()}
          isPending={updateConsent.isPending && answer === 'revoke'}
        >
          {noLabel}
        </Button>
      </FormActions>
    </div>
  );
}
