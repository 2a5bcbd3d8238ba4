import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAuthenticatedFile } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';

/** How long the PDF's object URL lives: long enough for the new tab to load it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * The order's receipt as a PDF in a new tab. The receipt route wants the person's bearer token,
 * which a plain link cannot send: the tab is opened at the press (so no popup blocker stops it) and
 * shows the PDF once it has been fetched with the token.
 */
export function ReceiptLink({ url }: { url: string }) {
  const { t } = useTranslation(['webshop', 'common']);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const open = async () => {
    setFailure(null);
    setPending(true);
    const tab = window.open('', '_blank');
    try {
      const objectUrl = URL.createObjectURL(await fetchAuthenticatedFile(url));
      if (tab) tab.location.href = objectUrl;
      else window.location.assign(objectUrl);
      window.setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
    } catch (error) {
      tab?.close();
      setFailure(errorMessage(error, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size="small" onPress={() => void open()} isPending={pending}>
        {t('orders.receiptPdf')}
        <span className="visually-hidden"> {t('common:shell.opensInNewTab')}</span>
      </Button>
      <ErrorSummary message={failure} />
    </>
  );
}
