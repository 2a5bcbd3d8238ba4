import { type StickerLookup, stickerIdFromScan } from '@nbr/domain/plates';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PublicBikeView } from '../../../components/bike/public-bike-view.tsx';
import { RequestOwnershipAction } from '../../../components/bike/request-ownership-action.tsx';
import { StolenBikeActions } from '../../../components/bike/stolen-bike-actions.tsx';
import { paths } from '../../../config/paths.ts';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { publicBikeQueryOptions, usePublicBike } from '../../../lib/api/bikes/get-public-bike.ts';
import { stolenBikeQuery } from '../../../lib/api/theft/get-stolen-bike.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { pageData, type ServerLoaderContext } from '../../../lib/page-data.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { stickerQueryOptions, useStickerLookup } from '../api/lookup-sticker.ts';
import { InsurancePlate, NoRegistration } from '../components/scan-answers.tsx';
import styles from '../plates.module.css';
import { CODE_PARAM, type ScanOutcome, scanOutcome } from '../scan-routing.ts';

/** The sticker code of the address (/sticker-id/{code} or the Digital Link), '' when it is none. */
function stickerCodeOf(params: { stickerId?: string }): string {
  return stickerIdFromScan(params.stickerId ?? '') ?? '';
}

/**
 * The first screen's data (issue 31): the sticker, and for a sticker on a bike that a visitor sees
 * on this page, the bike's public view (and a stolen one's theft report). The server paints for a
 * visitor (it never knows the session); a signed-in person goes on to the bike's page, which reads
 * the same public view.
 */
export const loader = pageData(({ params, context }, fetch) => {
  const code = stickerCodeOf(params);
  if (!code) return [];
  const sticker = stickerQueryOptions(code);
  const server = (context as Partial<ServerLoaderContext> | null)?.queryClient;
  // In the browser the person may be signed in (then the bike's own page reads the bike): the page
  // asks for the bike itself once the sticker is known, as it always did.
  if (!server) return [fetch(sticker)];
  const thenTheBike = async (): Promise<void> => {
    await fetch(sticker);
    const lookup = server.getQueryData<StickerLookup | null>(sticker.queryKey) ?? null;
    const outcome = scanOutcome(code, lookup, { isLoggedIn: false });
    if (outcome.kind !== 'bike') return;
    await Promise.all([
      fetch(publicBikeQueryOptions(outcome.bikeId, null)),
      // A stolen bike is described as its theft report describes it; without the report (it was
      // just found: 404) the page shows the registration's looks, as it does while it loads.
      lookup?.bike_status === 'stolen' ? fetch(stolenBikeQuery(outcome.bikeId)).catch(() => {}) : null,
    ]);
  };
  return [thenTheBike()];
});

/**
 * A registered bike shown to a visitor who scanned its sticker: the public view with the stolen
 * banner, whose actions lead to contacting the owner and, for a finder holding it, to a pickup.
 */
function ScannedBike({ code, bikeId }: { code: string; bikeId: string }) {
  const { t } = useTranslation(['plates', 'search', 'common']);
  const { isLoggedIn } = useSession();
  const bike = usePublicBike(bikeId, null);
  // A stolen bike's page leads with the theft and what the finder should do (issue 27).
  const stolen = bike.data?.status === 'stolen' && !bike.data.is_owner;
  return (
    <PageLayout
      title={stolen ? t('sticker.stolenTitle') : t('sticker.registeredTitle')}
      lead={stolen ? t('sticker.stolenLead', { code }) : t('sticker.registeredLead', { code })}
    >
      {bike.isPending ? <LoadingState /> : null}
      {bike.isError ? (
        <Alert tone="error" announce="none">
          <p>
            {isApiError(bike.error) && bike.error.status === 404
              ? t('common:messages.bikeNotFound')
              : errorMessage(bike.error, t)}
          </p>
        </Alert>
      ) : null}
      {bike.data ? (
        <PublicBikeView
          bike={bike.data}
          stolenActions={bike.data.is_owner ? null : <StolenBikeActions bikeId={bike.data.bike_id} />}
          stolenBannerTitle={stolen ? t('sticker.stolenBannerTitle') : undefined}
        >
          {/* A stolen bike cannot be handed over: its banner leads to the owner instead. */}
          {bike.data.is_owner || bike.data.status === 'stolen' ? null : (
            <RequestOwnershipAction bikeId={bike.data.bike_id} isLoggedIn={isLoggedIn} />
          )}
        </PublicBikeView>
      ) : null}
      <p className={styles.more}>
        <Link href={paths.public.search.getHref()}>{t('sticker.searchLink')}</Link>
      </p>
    </PageLayout>
  );
}

/**
 * What the server paints for a sticker the app then moves away from (and what stays on screen while
 * the page hydrates): the screen it moves to when that depends on the sticker alone (no registration,
 * an insurance plate), else the loading screen, with a plain link to the sign-up a visitor's new sticker leads to.
 */
function BeforeMoving({
  code,
  lookup,
  outcome,
}: {
  code: string;
  lookup: StickerLookup | null | undefined;
  outcome: Extract<ScanOutcome, { kind: 'redirect' }>;
}) {
  const { t } = useTranslation(['plates', 'common']);
  const path = outcome.href.split('?')[0];
  if (path === paths.stickers.noRegistration.getHref()) return <NoRegistration code={code} />;
  if (path === paths.stickers.insurancePlate.getHref()) {
    return <InsurancePlate code={lookup?.sticker_id ?? code} />;
  }
  return (
    <PageLayout title={t('sticker.loadingTitle')}>
      <LoadingState label={t('sticker.loading', { code })} />
      {path === paths.signupFromScan.start.getHref() ? (
        <p className={styles.more}>
          <Link href={outcome.href}>{t('fromScan.title')}</Link>
        </p>
      ) : null}
    </PageLayout>
  );
}

/**
 * /sticker-id/{stickerId} and the QR code's Digital Link /sticker-id/01/{GTIN}/21/{stickerId}: looks
 * the sticker up and goes where scan-routing.ts says — the bike, sign-up or registration with the
 * plate filled in, the insurance-plate or no-registration page — or explains an equipment sticker.
 */
export function Component() {
  const { t } = useTranslation(['plates', 'common']);
  const params = useParams();
  const code = stickerCodeOf(params);
  const { isLoggedIn } = useSession();
  const lookup = useStickerLookup(code);
  const isHydrated = useHydrated();

  if (!code) {
    // Before the app runs (the server's page, and hydrating it) the screen it moves to is painted here.
    if (!isHydrated) return <NoRegistration code={params.stickerId?.trim() ?? ''} />;
    return (
      <Navigate to={paths.stickers.noRegistration.getHref({ [CODE_PARAM]: params.stickerId })} replace />
    );
  }

  if (lookup.isPending) {
    return (
      <PageLayout title={t('sticker.loadingTitle')}>
        <LoadingState label={t('sticker.loading', { code })} />
      </PageLayout>
    );
  }

  if (lookup.isError) {
    return (
      <PageLayout title={t('sticker.loadingTitle')} width="reading">
        <Alert tone="error" title={t('sticker.loadFailed')}>
          <p>{errorMessage(lookup.error, t)}</p>
        </Alert>
        <Button variant="secondary" onPress={() => void lookup.refetch()}>
          {t('common:actions.tryAgain')}
        </Button>
      </PageLayout>
    );
  }

  const outcome = scanOutcome(code, lookup.data, { isLoggedIn });
  switch (outcome.kind) {
    case 'redirect':
      if (!isHydrated) return <BeforeMoving code={code} lookup={lookup.data} outcome={outcome} />;
      return <Navigate to={outcome.href} replace />;
    case 'bike':
      return <ScannedBike code={lookup.data?.sticker_id ?? code} bikeId={outcome.bikeId} />;
    case 'private-bike':
      return (
        <PageLayout title={t('sticker.privateTitle')} lead={t('sticker.codeLead', { code })} width="reading">
          <p>{t('sticker.privateText')}</p>
          <p>
            <LinkButton href={paths.public.search.getHref()} variant="secondary">
              {t('sticker.searchLink')}
            </LinkButton>
          </p>
        </PageLayout>
      );
    case 'equipment':
      return (
        <PageLayout
          title={t('sticker.equipmentTitle')}
          lead={t('sticker.codeLead', { code })}
          width="reading"
        >
          <p>{t('sticker.equipmentText')}</p>
          <p>{t('sticker.equipmentHow')}</p>
          <p>
            <LinkButton
              href={isLoggedIn ? paths.app.myBikes.getHref() : paths.auth.login.getHref()}
              variant="secondary"
            >
              {isLoggedIn ? t('sticker.myBikes') : t('sticker.logIn')}
            </LinkButton>
          </p>
        </PageLayout>
      );
  }
}
