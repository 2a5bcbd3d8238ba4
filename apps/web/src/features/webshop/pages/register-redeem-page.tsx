import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { takeFlowReturn } from '../../../lib/flow-return.ts';
import { plateFromSearch } from '../../../lib/plate-param.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import type { VoucherRedemptionResult } from '../api/redeem-voucher.ts';
import { VoucherForm } from '../components/voucher-form.tsx';
import styles from '../webshop.module.css';

/**
 * /app/bikes/register/redeem — a voucher code gives a registration without a card; then register the
 * bike. A sticker scanned before (?plate=) is carried on to the registration form (issue 27: it was
 * lost after redeeming a code), as buying a subscription keeps it.
 */
export function Component() {
  const { t } = useTranslation(['webshop', 'common']);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const plate = plateFromSearch(search);
  const withPlate = plate ? { plate } : undefined;
  const [result, setResult] = useState<VoucherRedemptionResult | null>(null);
  return (
    <PageLayout title={t('voucher.title')} lead={t('voucher.lead')} width="form">
      {plate ? (
        <Alert tone="info" announce="none" title={t('purchase.plateTitle')}>
          <p>{t('voucher.plate', { plate })}</p>
        </Alert>
      ) : null}
      {result ? (
        <>
          <Alert tone="success" title={t('voucher.redeemed')}>
            <p>{t('voucher.creditsGranted', { count: result.credits_granted })}</p>
          </Alert>
          <div className={styles.stackedActions}>
            <LinkButton href={paths.app.bikesRegister.getHref(withPlate)}>
              {t('return.registerBike')}
            </LinkButton>
          </div>
        </>
      ) : (
        <>
          <div className={styles.panel}>
            <VoucherForm
              onRedeemed={(redeemed) => {
                // A campaign's step sent the person here (issue 29 §2): back to it, where the flow goes on.
                const flowStep = takeFlowReturn('redeem_voucher');
                if (flowStep) void navigate(flowStep);
                else setResult(redeemed);
              }}
            />
          </div>
          <p>
            <Link href={paths.app.bikesRegisterPurchase.getHref(withPlate)}>{t('voucher.orBuy')}</Link>
          </p>
        </>
      )}
    </PageLayout>
  );
}
