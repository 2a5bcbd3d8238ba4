import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';

/** The farewell after an account deletion: what is gone, what the law makes us keep, and a way on. */
export function AccountDeleted() {
  const { t } = useTranslation('settings');
  return (
    <PageLayout title={t('deleted.title')} lead={t('deleted.body')} width="reading">
      <Card title={t('deleted.keptTitle')}>
        <p>{t('deleted.kept')}</p>
      </Card>
      <p>{t('deleted.thanks')}</p>
      <FormActions>
        <LinkButton href={paths.public.home.getHref()}>{t('deleted.home')}</LinkButton>
        <LinkButton href={paths.auth.signup.getHref()} variant="secondary">
          {t('deleted.signup')}
        </LinkButton>
      </FormActions>
    </PageLayout>
  );
}
