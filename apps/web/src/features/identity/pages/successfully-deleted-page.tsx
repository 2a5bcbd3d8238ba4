import { AccountDeleted } from '../components/account-deleted.tsx';

/** The public farewell page after an account deletion (no session needed). */
export function Component() {
  return <AccountDeleted />;
}
