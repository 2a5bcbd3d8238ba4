import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { AccountDeleted } from '../components/account-deleted.tsx';

/**
 * Reached in the app right after a deletion. The page is open without a session (lib/access.ts),
 * since the deletion ended it; the deletion page says it sent the person here, for the moment the
 * session is still being cleared. Someone else still signed in has not deleted their account, so
 * they belong on the settings page.
 */
export function Component() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const justDeleted = (location.state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  if (isLoggedIn && !justDeleted) return <Navigate to={paths.app.settings.getHref()} replace />;
  return <AccountDeleted />;
}
