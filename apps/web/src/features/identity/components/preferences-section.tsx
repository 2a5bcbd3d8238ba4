import type { Profile } from '@nbr/domain/identity';
import type { Language, Region } from '@nbr/domain/locale';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQueryKey } from '../../../lib/api/identity/get-profile.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useRegion } from '../../../lib/region.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Card } from '../../../ui/card.tsx';
import { Select } from '../../../ui/select.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import styles from '../settings.module.css';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Language and country take effect at once (no save button): the UI switches language as soon as
 * one is chosen, and the account stores both so that mails and other devices follow.
 */
export function PreferencesSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['settings', 'common']);
  const { language, choosable, setLanguage } = useLanguage();
  const { regions, setRegion } = useRegion();
  const updateProfile = useUpdateProfile();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);

  const chooseLanguage = async (next: Language) => {
    if (next === language) return;
    setNotice(null);
    try {
      await setLanguage(next);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      // Read the text after the switch, so it is announced in the newly chosen language.
      setNotice({ tone: 'success', text: t('settings:preferences.languageSaved', { lng: next }) });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  const chooseRegion = async (next: Region) => {
    if (next === profile.region) return;
    setNotice(null);
    try {
      await updateProfile.mutateAsync({ region: next });
      setRegion(next);
      setNotice({ tone: 'success', text: t('preferences.regionSaved') });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <Card title={t('preferences.title')} id="preferences">
      <p className={styles.muted}>{t('preferences.intro')}</p>
      <div className={styles.pair}>
        <Select
          label={t('preferences.language')}
          options={choosable.map((code) => ({ value: code, label: t(`common:languages.${code}`) }))}
          value={language}
          onChange={(value) => void chooseLanguage(value as Language)}
        />
        <Select
          label={t('preferences.region')}
          options={regions.map((code) => ({ value: code, label: t(`preferences.regions.${code}`) }))}
          value={profile.region}
          onChange={(value) => void chooseRegion(value as Region)}
          isDisabled={updateProfile.isPending}
        />
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </Card>
  );
}
