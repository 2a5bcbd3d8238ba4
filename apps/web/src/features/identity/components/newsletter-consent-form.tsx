import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { takeDestinationAfterSignUp } from '../../../lib/redirect.ts';
import { useSession } from '../../../lib/session.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { useUpdateConsent } from '../api/update-consent.ts';

export interface NewsletterConsentFormProps {
  /** The text beside the box. */
  consentLabel: ReactNode;
  /** The message when 'Yes please' is pressed without the box ticked. */
  consentRequired: string;
  yesLabel: string;
  noLabel: string;
}

/**
 * The newsletter question right after sign-up (SPEC §5: consent needs a ticked box). Either answer
 * is recorded and continues to the app; a visitor without an account is sent to sign up first.
 */
export function NewsletterConsentForm({
  consentLabel,
  consentRequired,
  yesLabel,
  noLabel,
}: NewsletterConsentFormProps) {
  const { t } = useTranslation('common');
  const { isLoggedIn, claims } = useSession();
  const navigate = useNavigate();
  const updateConsent = useUpdateConsent();
  const [isTicked, setTicked] = useState(false);
  const [boxError, setBoxError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<'grant' | 'revoke' | null>(null);
  const boxRef = useRef<HTMLInputElement>(null);

  // 'Yes please' without the tick: move to the box, so its error is read out and it can be ticked.
  useEffect(() => {
    if (boxError) boxRef.current?.focus();
  }, [boxError]);

  if (!isLoggedIn) return <Navigate to={paths.auth.signup.getHref()} replace />;

  // Back to the page that asked for an account (an invitation link), else the app start page.
  const goOn = () => navigate(takeDestinationAfterSignUp(claims), { replace: true });

  const accept = async () => {
    setFailure(null);
    if (!isTicked) {
      setBoxError(consentRequired);
      return;
    }
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
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void accept();
      }}
    >
      <ErrorSummary message={failure} />
      <Checkbox
        id="newsletter-consent"
        inputRef={boxRef}
        isSelected={isTicked}
        onChange={(ticked) => {
          setTicked(ticked);
          if (ticked) setBoxError(null);
        }}
        error={boxError}
      >
        {consentLabel}
      </Checkbox>
      <FormActions>
        <Button type="submit" isPending={updateConsent.isPending && answer === 'grant'}>
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
    </Form>
  );
}
