import { useSearchParams } from 'react-router';
import { InsurancePlate } from '../components/scan-answers.tsx';
import { CODE_PARAM } from '../scan-routing.ts';

/**
 * /sticker-id/insurance-plate — a plate that came with a bike insurance. It is registered through
 * the insurer when the insurance starts, never by hand, so the page explains that instead.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  return <InsurancePlate code={searchParams.get(CODE_PARAM)?.trim() ?? ''} />;
}
