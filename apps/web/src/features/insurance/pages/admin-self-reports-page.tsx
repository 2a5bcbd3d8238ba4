import { redirect } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { sessionStore } from '../../../lib/session-store.ts';

/**
 * /insurance/self/admin/reports — the reports of the insurer the session acts for: sent on to its
 * own address. A session acting for no insurance company gets the 404 page.
 */
export function loader() {
  const claims = sessionStore.getClaims();
  const insurer = claims?.organisation_type === 'insurance_company' ? claims.party_id : null;
  if (!insurer || insurer === claims?.identity_party_id) throw new Response(null, { status: 404 });
  return redirect(paths.insurance.adminReports.getHref({ insurerPartyId: insurer }));
}

export function Component() {
  return null;
}
