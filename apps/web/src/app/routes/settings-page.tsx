import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { AccessLogSection } from '../../features/identity/components/access-log-section.tsx';
import { DataExportButton } from '../../features/identity/components/data-export-button.tsx';
import { NewsletterSection } from '../../features/identity/components/newsletter-section.tsx';
import { NotWhileSwitched } from '../../features/identity/components/not-while-switched.tsx';
import { PasswordSection } from '../../features/identity/components/password-section.tsx';
import { PendingEmailNotice } from '../../features/identity/components/pending-email-notice.tsx';
import { PreferencesSection } from '../../features/identity/components/preferences-section.tsx';
import { ProfileForm } from '../../features/identity/components/profile-form.tsx';
import { VerificationSection } from '../../features/identity/components/verification-section.tsx';
import styles from '../../features/identity/settings.module.css';
import { OrganisationsSettingsSection } from '../../features/organisations/components/organisations-settings-section.tsx';
import { useProfile } from '../../lib/api/identity/get-profile.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { useSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, LinkButton } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import { LoadingState } from '../../ui/spinner.tsx';

export function Component() {
  const { t } = useTranslation(['settings', 'common']);
  const profile = useProfile();
  const { isSwitched } = useSession();

  return (
    <PageLayout title={t('title')} lead={t('intro')} width="reading">
      <div className={styles.sections}>
        {profile.isPending ? <LoadingState /> : null}
        {profile.isError ? (
          <Alert tone="error" title={t('loadFailed')}>
            <div className={styles.stack}>
              <p>{errorMessage(profile.error, t)}</p>
              <Button variant="secondary" size="small" onPress={() => void profile.refetch()}>
                {t('retry')}
              </Button>
            </div>
          </Alert>
        ) : null}
        {profile.data ? (
          <>
            <PendingEmailNotice profile={profile.data} />
            <ProfileForm key={profile.data.party_id} profile={profile.data} />
            <PreferencesSection profile={profile.data} />
            <VerificationSection profile={profile.data} />
            <NewsletterSection />
            <OrganisationsSettingsSection />
            <PasswordSection email={profile.data.email} />
            <AccessLogSection />
            <Card title={t('data.title')} id="data">
              <p>{t('data.body')}</p>
              <DataExportButton />
            </Card>
            <Card title={t('danger.title')} id="danger" className={styles.danger}>
              <p>{t('danger.body')}</p>
              {isSwitched ? (
                <NotWhileSwitched />
              ) : (
                <LinkButton href={paths.app.settingsCaution.getHref()} variant="danger" size="small">
                  {t('danger.link')}
                </LinkButton>
              )}
            </Card>
          </>
        ) : null}
      </div>
    </PageLayout>
  );
}
