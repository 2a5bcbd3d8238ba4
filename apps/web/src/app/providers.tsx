import type { Region } from '@nbr/domain/locale-values';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type MeasurementChoice, PaintedMeasurementContext } from '../lib/consent.ts';
import { i18n as appI18n } from '../lib/i18n.ts';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { PaintedRegionContext } from '../lib/region.ts';
import { SessionProvider } from '../lib/session.ts';

/**
 * Server state, translations and the session, for the whole app. The theme is set on <html> in main.
 * The server paints a page with the request's own cache, texts, region and measurement answer
 * (entry-server.tsx); the browser hydrating that page passes the region and answer it was painted for.
 */
export function AppProviders({
  children,
  i18n = appI18n,
  queryClient = appQueryClient,
  paintedRegion = null,
  paintedMeasurement = null,
}: {
  children: ReactNode;
  i18n?: I18n;
  queryClient?: QueryClient;
  paintedRegion?: Region | null;
  paintedMeasurement?: MeasurementChoice | null;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PaintedRegionContext.Provider value={paintedRegion}>
          <PaintedMeasurementContext.Provider value={paintedMeasurement}>
            <SessionProvider>{children}</SessionProvider>
          </PaintedMeasurementContext.Provider>
        </PaintedRegionContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
