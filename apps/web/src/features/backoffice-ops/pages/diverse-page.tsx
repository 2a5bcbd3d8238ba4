import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useStaffProducts } from '../api/list-staff-products.ts';
import { ClubMemberList } from '../components/club-member-list.tsx';
import { ContentPageTexts } from '../components/content-page-texts.tsx';
import { ManufacturerCodes } from '../components/manufacturer-codes.tsx';
import { ProductPriceItem } from '../components/product-price-item.tsx';
import { useStaffRole } from '../components/use-staff-role.ts';
import { VoucherBatches } from '../components/voucher-batches.tsx';

/**
 * /backoffice/v2/diverse: the shop's prices (admins change them), its voucher batches and NAF's
 * member list (admins), and the public content pages' texts and the manufacturer-code table (staff
 * read them, admins change them).
 */
export function Component() {
  const { t } = useTranslation('backoffice-ops');
  const isAdmin = useStaffRole() === 'admin';
  const products = useStaffProducts();
  return (
    <PageLayout title={t('diverse.title')} lead={t('diverse.lead')}>
      <div className={staffPage.stack}>
        <Card title={t('diverse.pricesTitle')} id="prices">
          {products.isPending ? <LoadingState /> : null}
          {products.isError ? (
            <LoadError title={t('loadFailed')} error={products.error} retry={() => void products.refetch()} />
          ) : null}
          {products.data ? (
            <ul className={staffPage.list} aria-label={t('diverse.pricesTitle')}>
              {products.data.map((product) => (
                <ProductPriceItem key={product.id} product={product} canEdit={isAdmin} />
              ))}
            </ul>
          ) : null}
        </Card>
        {isAdmin ? (
          <Card title={t('diverse.voucherBatches')} id="vouchers">
            {products.data ? <VoucherBatches products={products.data} /> : <LoadingState />}
          </Card>
        ) : null}
        {isAdmin ? (
          <Card title={t('clubMembers.title')} id="club-members">
            <ClubMemberList club="naf" />
          </Card>
        ) : null}
        <Card title={t('diverse.contentTitle')} id="content-pages">
          <ContentPageTexts canEdit={isAdmin} />
        </Card>
        <Card title={t('diverse.codesTitle')} id="manufacturer-codes">
          <ManufacturerCodes canEdit={isAdmin} />
        </Card>
      </div>
    </PageLayout>
  );
}
