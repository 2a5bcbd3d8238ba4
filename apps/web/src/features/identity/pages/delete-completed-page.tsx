import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { AccountDeleted } from '../components/account-deleted.tsx';

/**
 * Reached in the app right after a deletion, when the session is already gone. Someone still signed
 * in has not deleted their account, so they belong on the settings page.
 */
export function Component() {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return <Navigate to={paths.app.settings.getHref()} replace />;
  return <AccountDeleted />;
}
