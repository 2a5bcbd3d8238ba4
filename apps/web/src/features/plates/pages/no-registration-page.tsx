import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { StickerCodeForm } from '../components/sticker-code-form.tsx';
import styles from '../plates.module.css';
import { CODE_PARAM } from '../scan-routing.ts';

/**
 * /sticker-id/no-registration — the scanned or typed code is no sticker of the register (or one
 * that was withdrawn). Says so, shows what was read, and lets the person type the code again.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  return <NoRegistration code={searchParams.get(CODE_PARAM)?.trim() ?? ''} />;
}

/** The page's screen for `code`; the sticker page paints it itself before it moves here (issue 31). */
export function NoRegistration({ code }: { code: string }) {
  const { t } = useTranslation(['plates', 'common']);
  return (
    <PageLayout title={t('noRegistration.title')} lead={t('noRegistration.lead')} width="form">
      <Alert tone="warning" announce="none">
        {code ? <p className={styles.code}>{t('noRegistration.code', { code })}</p> : null}
        <p>{t('noRegistration.text')}</p>
      </Alert>
      <div className={styles.panel}>
        <h2 className={styles.panelHeading}>{t('noRegistration.again')}</h2>
        <StickerCodeForm defaultValue={code} />
      </div>
      <p className={styles.more}>{t('noRegistration.help')}</p>
      <p className={styles.more}>
        <Link href={paths.public.search.getHref()}>{t('sticker.searchLink')}</Link>
      </p>
    </PageLayout>
  );
}
