import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';

/** The way from the account settings to the person's organisations. */
export function OrganisationsSettingsSection() {
  const { t } = useTranslation('organisations');
  return (
    <Card title={t('settings.title')} id="organisations">
      <p>{t('settings.body')}</p>
      <LinkButton href={paths.app.organisations.getHref()} variant="secondary" size="small">
        {t('settings.link')}
      </LinkButton>
    </Card>
  );
}
