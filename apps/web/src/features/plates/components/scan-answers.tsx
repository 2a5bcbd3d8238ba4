import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../plates.module.css';
import { StickerCodeForm } from './sticker-code-form.tsx';

/*
 * What a scan answers when the sticker leads to no bike: their own pages show these, and the sticker
 * page paints them itself before it moves there (issue 31: the server cannot follow a redirect of
 * the app, and a browser without the JavaScript yet must see the answer).
 */

/**
 * /sticker-id/no-registration for `code`: the scanned or typed code is no sticker of the register (or
 * one that was withdrawn). Says so, shows what was read, and lets the person type the code again.
 */
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

/**
 * /sticker-id/insurance-plate for `code`: a plate that came with a bike insurance. It is registered
 * through the insurer when the insurance starts, never by hand, so the page explains that instead.
 */
export function InsurancePlate({ code }: { code: string }) {
  const { t } = useTranslation(['plates', 'common']);
  const { isLoggedIn } = useSession();
  return (
    <PageLayout title={t('insurancePlate.title')} lead={t('insurancePlate.lead')} width="reading">
      {code ? (
        <Alert tone="info" announce="none">
          <p className={styles.code}>{t('insurancePlate.code', { code })}</p>
        </Alert>
      ) : null}
      <p>{t('insurancePlate.text')}</p>
      <p>{t('insurancePlate.notInsured')}</p>
      <div className={styles.actions}>
        <LinkButton
          href={isLoggedIn ? paths.app.home.getHref() : paths.public.home.getHref()}
          variant="secondary"
        >
          {isLoggedIn ? t('common:actions.goToApp') : t('common:actions.goHome')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
