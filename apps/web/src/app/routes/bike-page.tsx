import { useEffect, useRef } from 'react';
import type { Key } from 'react-aria-components';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { StatusBadge } from '../../components/bike/status-badge.tsx';
import { paths } from '../../config/paths.ts';
import styles from '../../features/bikes/bikes.module.css';
import { BikeFacts } from '../../features/bikes/components/bike-facts.tsx';
import { BikeFallback } from '../../features/bikes/components/bike-fallback.tsx';
import { DeleteBike } from '../../features/bikes/components/delete-bike.tsx';
import { DocumentSection } from '../../features/bikes/components/document-section.tsx';
import { EquipmentSummary } from '../../features/bikes/components/equipment-summary.tsx';
import { LastDockParkingNote } from '../../features/bikes/components/last-dock-parking-note.tsx';
import { PictureSection } from '../../features/bikes/components/picture-section.tsx';
import { PublicPreview } from '../../features/bikes/components/public-preview.tsx';
import { BikeCertificatesCard } from '../../features/certificates/components/bike-certificates-card.tsx';
import { HeldForYouNotice } from '../../features/finds/components/held-for-you-notice.tsx';
import { PossiblyYoursNotice } from '../../features/finds/components/possibly-yours-notice.tsx';
import { BikeOwnershipCard } from '../../features/ownership/components/bike-ownership-card.tsx';
import { BikeTheftCard } from '../../features/theft/components/bike-theft-card.tsx';
import { useCredits } from '../../features/webshop/api/get-credits.ts';
import { BikeRegistrationNotice } from '../../features/webshop/components/bike-registration-notice.tsx';
import { BikeShopCard } from '../../features/webshop/components/bike-shop-card.tsx';
import { useScrollEdges } from '../../hooks/use-scroll-edges.ts';
import { useBike } from '../../lib/api/bikes/get-bike.ts';
import { Alert } from '../../ui/alert.tsx';
import { LinkButton } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Link } from '../../ui/link.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';

export const BIKE_TABS = ['data', 'documents', 'equipment', 'public'] as const;
type BikeTab = (typeof BIKE_TABS)[number];

function tabOf(value: string | null): BikeTab {
  return (BIKE_TABS as readonly string[]).includes(value ?? '') ? (value as BikeTab) : 'data';
}

/**
 * /app/my-bikes/{bikeId} — one bike with tabs for its data (and pictures), documents, equipment
 * and what others see. The tab is in the address (?tab=), so Back and a shared link keep it.
 */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['bikes', 'common']);
  const [search, setSearch] = useSearchParams();
  const bike = useBike(bikeId);
  // Whether the bike has a registration of the owner's: the badge must not say "Registered" where
  // the registration card says it has none (a bike received by transfer).
  const credits = useCredits();
  const needsRegistration = credits.data ? !credits.data.some((credit) => credit.bike_id === bikeId) : false;
  const tab = tabOf(search.get('tab'));
  const tabListRef = useRef<HTMLDivElement>(null);

  // On a phone the tabs scroll sideways: keep the selected one (e.g. from ?tab=public) in sight.
  const loaded = Boolean(bike.data);
  // …and show at the edges that more tabs are there (a fade where the row hides some).
  useScrollEdges(tabListRef, loaded);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab means another element is selected
  useEffect(() => {
    if (!loaded) return;
    // The tabs are laid out a frame after the list itself.
    const frame = requestAnimationFrame(() => {
      const list = tabListRef.current;
      const selected = list?.querySelector<HTMLElement>('[aria-selected="true"]');
      if (!list || !selected) return;
      const box = list.getBoundingClientRect();
      const item = selected.getBoundingClientRect();
      if (item.left < box.left) list.scrollLeft -= box.left - item.left;
      else if (item.right > box.right) list.scrollLeft += item.right - box.right;
    });
    return () => cancelAnimationFrame(frame);
  }, [tab, loaded]);

  if (!bike.data) return <BikeFallback bike={bike} title={t('detail.title')} />;
  const data = bike.data;
  const make = [data.brand, data.model].filter(Boolean).join(' ');

  const selectTab = (key: Key) => {
    const next = new URLSearchParams(search);
    if (key === 'data') next.delete('tab');
    else next.set('tab', String(key));
    next.delete('delete');
    setSearch(next, { replace: true });
  };

  return (
    <PageLayout title={data.nickname} lead={make || undefined}>
      {data.status === 'stolen' ? (
        <Alert tone="error" title={t('detail.stolenTitle')} announce="none">
          <p>{t('detail.stolenBody')}</p>
          <LastDockParkingNote bikeId={bikeId} isStolen />
          <p>
            <Link href={paths.app.bikeStolenBikeReport.getHref({ bikeId })}>
              {t('detail.stolenReportLink')}
            </Link>
          </p>
        </Alert>
      ) : null}
      <HeldForYouNotice bikeId={bikeId} />
      {data.status === 'stolen' ? <PossiblyYoursNotice bikeId={bikeId} /> : null}
      <BikeRegistrationNotice bike={data} />
      <div className={styles.detailHeader}>
        <StatusBadge status={data.status} needsRegistration={needsRegistration} />
        <div className={styles.actions}>
          <LinkButton href={paths.app.bikeEdit.getHref({ bikeId })} variant="primary">
            {t('detail.edit')}
          </LinkButton>
          <LinkButton href={paths.app.bikeEditEquipment.getHref({ bikeId })} variant="secondary">
            {t('detail.editEquipment')}
          </LinkButton>
        </div>
      </div>

      <Tabs selectedKey={tab} onSelectionChange={selectTab} className={styles.tabs}>
        <TabList ref={tabListRef} aria-label={t('detail.tabsLabel')} className={styles.tabList}>
          {BIKE_TABS.map((key) => (
            <Tab key={key} id={key} className={styles.tab}>
              {t(`detail.tabs.${key}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="data" className={styles.tabPanel}>
          <Card title={t('detail.dataTitle')} id="bike-data">
            <BikeFacts bike={data} />
          </Card>
          <Card title={t('pictures.title')} id="bike-pictures">
            <PictureSection bikeId={bikeId} pictures={data.pictures} />
          </Card>
        </TabPanel>
        <TabPanel id="documents" className={styles.tabPanel}>
          <Card title={t('documents.title')} id="bike-documents">
            <DocumentSection bikeId={bikeId} documents={data.documents} />
          </Card>
        </TabPanel>
        <TabPanel id="equipment" className={styles.tabPanel}>
          <Card title={t('equipment.title')} id="bike-equipment">
            <EquipmentSummary equipment={data.equipment} />
            <LinkButton href={paths.app.bikeEditEquipment.getHref({ bikeId })} variant="secondary">
              {t('detail.editEquipment')}
            </LinkButton>
          </Card>
        </TabPanel>
        <TabPanel id="public" className={styles.tabPanel}>
          <Card title={t('publicTab.title')} id="bike-public">
            <PublicPreview bike={data} />
          </Card>
        </TabPanel>
      </Tabs>

      <BikeTheftCard bike={data} />

      <BikeOwnershipCard bike={data} />
      <BikeCertificatesCard bike={data} />
      <BikeShopCard bike={data} />

      <Card title={t('delete.title')} id="delete-bike">
        <p>{t('delete.intro')}</p>
        <DeleteBike bike={data} />
      </Card>
    </PageLayout>
  );
}
