import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** /app/my-bikes/{bikeId}/transfer-ownership — the give flow, started for this bike. */
export function Component() {
  const { bikeId = '' } = useParams();
  return <Navigate to={paths.app.transferOwnershipChooseRecipient.getHref({ bikeId })} replace />;
}
