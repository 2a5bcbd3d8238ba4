import { useSearchParams } from 'react-router';
import { NoRegistration } from '../components/scan-answers.tsx';
import { CODE_PARAM } from '../scan-routing.ts';

/**
 * /sticker-id/no-registration — the scanned or typed code is no sticker of the register (or one
 * that was withdrawn). Says so, shows what was read, and lets the person type the code again.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  return <NoRegistration code={searchParams.get(CODE_PARAM)?.trim() ?? ''} />;
}
