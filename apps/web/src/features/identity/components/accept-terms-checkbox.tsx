import type { Control, FieldValues, Path } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { FormCheckbox } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';

/** The sign-up forms' required tick: the person accepts the privacy policy and the terms, both linked. */
export function AcceptTermsCheckbox<T extends FieldValues & { accept: boolean }>({
  control,
  id,
}: {
  control: Control<T>;
  id: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormCheckbox control={control} name={'accept' as Path<T>} id={id} isRequired>
      <Trans
        t={t}
        i18nKey="signup.accept"
        components={{
          privacyLink: <Link href={paths.content.privacy.getHref()} external />,
          termsLink: <Link href={paths.content.terms.getHref()} external />,
        }}
      />
    </FormCheckbox>
  );
}
