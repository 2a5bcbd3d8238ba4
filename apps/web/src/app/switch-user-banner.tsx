import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { endSwitchUser } from '../features/backoffice/api/end-switch-user.ts';
import {
  actingOrganisationQueryOptions,
  actingPartyOf,
} from '../lib/api/organisations/get-acting-organisation.ts';
import { isApiError } from '../lib/api-client.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { switchAccount, useSession } from '../lib/session.ts';
import { Spinner } from '../ui/spinner.tsx';
import { actAsOwnProfile } from './acting-party.ts';
import styles from './switch-user-banner.module.css';

interface SessionBannerProps {
  /** staff: someone else's account (loud, the same in every theme); organisation: the theme's info colours. */
  tone: 'staff' | 'organisation';
  title: ReactNode;
  hint?: ReactNode;
  actionLabel: string;
  /** Shown before the error's own text when the action fails. */
  failureLabel: string;
  /** Leaves the session's special state; a rejection is shown in the banner. */
  onAction: () => Promise<void>;
  testId: string;
}

/**
 * The shell's banners about whose behalf a session works on: what it is, and the way back. One
 * component, so that the staff switch and acting for an organisation look and behave alike.
 */
function SessionBanner({
  tone,
  title,
  hint,
  actionLabel,
  failureLabel,
  onAction,
  testId,
}: SessionBannerProps) {
  const { t } = useTranslation('common');
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const act = async () => {
    setPending(true);
    setFailure(null);
    try {
      await onAction();
    } catch (error) {
      // A session that ended meanwhile was handled by the API client (it sends to login).
      if (isApiError(error) && error.code === 'invalid_token') return;
      setFailure(`${failureLabel} ${errorMessage(error, t)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={`${styles.banner} ${styles[tone]}`} role="status" data-testid={testId}>
      <div className={styles.inner}>
        <p className={styles.text}>
          <strong className={styles.title}>{title}</strong>
          {hint ? <span className={styles.hint}>{hint}</span> : null}
        </p>
        {/* Pending by hand, not react-aria's isPending: its announcement outlives the banner (ui/button.tsx). */}
        <Button
          className={styles.button}
          onPress={isPending ? undefined : () => void act()}
          aria-disabled={isPending || undefined}
          data-pending={isPending || undefined}
        >
          {isPending ? <Spinner /> : null}
          {actionLabel}
        </Button>
        {failure ? (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Shown on every signed-in layout while staff use someone else's account (the token carries `act`):
 * whose account it is, and the way back to the staff member's own session and the person's page.
 */
export function SwitchUserBanner() {
  const { t } = useTranslation('common');
  const { claims } = useSession();
  if (!claims?.act) return null;
  return (
    <SessionBanner
      tone="staff"
      title={t('switchUser.banner', { email: claims.email })}
      hint={t('switchUser.bannerHint')}
      actionLabel={t('switchUser.switchBack')}
      failureLabel={t('switchUser.switchBackFailed')}
      onAction={async () => {
        // Back to the page of the person whose account it was: staff usually go on with them there.
        const person = claims.identity_party_id;
        const destination = person
          ? paths.backoffice.identity.getHref({ identityPartyId: person })
          : paths.backoffice.identities.getHref();
        switchAccount(await endSwitchUser(), destination);
      }}
      testId="switch-user-banner"
    />
  );
}

/** Shown while the session acts for an organisation of the person, with the way back to themself. */
export function ActingForBanner() {
  const { t } = useTranslation('common');
  const { claims } = useSession();
  const actingPartyId = actingPartyOf(claims);
  const organisation = useQuery({
    ...actingOrganisationQueryOptions(actingPartyId ?? ''),
    enabled: actingPartyId !== null,
  });
  if (!claims || !actingPartyId) return null;
  return (
    <SessionBanner
      tone="organisation"
      title={
        organisation.data
          ? t('actingFor.banner', { organisation: organisation.data.name })
          : t('actingFor.bannerUnnamed')
      }
      actionLabel={t('actingFor.back')}
      failureLabel={t('actingFor.backFailed')}
      onAction={() => actAsOwnProfile(claims)}
      testId="acting-for-banner"
    />
  );
}

/**
 * The top of a signed-in layout: the staff switch banner and the header stick together, so the
 * banner stays in sight while scrolling without sliding over the header's controls. Their height is
 * published as --shell-top-height for what sticks below them (the desktop sidebar).
 */
export function ShellTop({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--shell-top-height', `${element.offsetHeight}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    publish();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--shell-top-height');
    };
  }, []);
  return (
    <div ref={ref} className={styles.shellTop}>
      <SwitchUserBanner />
      {children}
    </div>
  );
}
