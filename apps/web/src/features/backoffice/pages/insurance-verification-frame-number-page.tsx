import { useParams } from 'react-router';
import { InsuranceVerificationStepPage } from '../components/insurance-verification-step.tsx';

/** /backoffice/v2/insurance-verification/{insuredItemId}/frame-number — one step of our staff's check. */
export function Component() {
  const { insuredItemId = '' } = useParams();
  return <InsuranceVerificationStepPage step="frame_number" insuredItemId={insuredItemId} />;
}
