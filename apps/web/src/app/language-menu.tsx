import { isLanguage, type Language } from '@nbr/domain/locale-values';
import { Button, type Key, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import { setRegionDefaultLanguage } from '../lib/region.ts';
import { Icon } from '../ui/icon.tsx';
import { GlobeIcon, LanguageLabel } from './language-label.tsx';
import styles from './layout.module.css';

/**
 * The header's language menu (react-aria's Select, popover and list box: about 45 KiB of script,
 * which language-switch.tsx loads when the person reaches for it). Signed-in users' choice is also
 * stored on their account. `defaultOpen`: the switch was pressed; `autoFocus`: it had the focus.
 */
export default function LanguageMenu({
  defaultOpen = false,
  autoFocus = false,
}: {
  defaultOpen?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('common');
  const { language, choosable, setLanguage } = useLanguage();

  const onChange = (key: Key | null) => {
    if (!isLanguage(key) || key === language) return;
    const next: Language = key;
    setRegionDefaultLanguage(next);
    setLanguage(next).catch(() => {
      // The UI already switched; storing the choice on the account is retried on the next change.
    });
  };

  return (
    <Select
      aria-label={t('shell.language')}
      defaultOpen={defaultOpen}
      value={language}
      onChange={onChange}
      className={styles.languageSwitch}
    >
      <Button className={styles.languageButton} autoFocus={autoFocus}>
        <GlobeIcon />
        <SelectValue>{() => <LanguageLabel language={language} />}</SelectValue>
      </Button>
      <Popover className={styles.languagePopover}>
        <ListBox className={styles.languageList}>
          {choosable.map((code) => (
            <ListBoxItem
              key={code}
              id={code}
              textValue={t(`languages.${code}`)}
              className={styles.languageOption}
            >
              {({ isSelected }) => (
                <>
                  <span lang={code === 'no' ? 'nb' : code}>{t(`languages.${code}`)}</span>
                  {isSelected ? <Icon name="check" size={16} /> : null}
                </>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
