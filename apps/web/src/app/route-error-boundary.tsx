import { lazy, Suspense, useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../lib/api-client.ts';
import { currentLocation } from '../lib/navigation.ts';
import { LoadingState } from '../ui/spinner.tsx';
import { PublicLayout } from './public-layout.tsx';
import { reloadOnce } from './reload.ts';
import { ServerErrorPage } from './routes/server-error.tsx';
import { isChunkLoadError } from './shell-rules.ts';

/**
 * The 404 page comes with its own small download (a page that is not there is rare); the 500 page is
 * part of the first one, since it must show when nothing more can be downloaded.
 */
const NotFoundPage = lazy(() =>
  import('./routes/not-found.tsx').then((module) => ({ default: module.NotFoundPage })),
);

/** The status an error stands for: 404 shows the 404 page, everything else the 500 page. */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error)) return error.status === 404 ? 404 : 500;
  return 500;
}

/**
 * Shows what went wrong inside the surrounding layout. A part of the app that failed to download
 * (a new deploy replaced it) reloads the address once instead; if that did not help, the 500 page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const isChunkError = isChunkLoadError(error);
  const [isReloading, setReloading] = useState(isChunkError);

  useEffect(() => {
    if (isChunkError) setReloading(reloadOnce(currentLocation()));
  }, [isChunkError]);

  useEffect(() => {
    if (!isChunkError && errorStatus(error) >= 500) console.error(error);
  }, [error, isChunkError]);

  if (isReloading) return <LoadingState />;
  if (errorStatus(error) === 404) {
    return (
      <Suspense fallback={<LoadingState />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  return <ServerErrorPage />;
}

/** The last line: a layout itself failed, so the error is shown with the public chrome. */
export function RootErrorBoundary() {
  return (
    <PublicLayout>
      <RouteErrorBoundary />
    </PublicLayout>
  );
}
