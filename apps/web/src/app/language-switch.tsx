import { type Language, LanguageSchema } from '@nbr/domain/locale';
import { Button, type Key, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import { setRegionDefaultLanguage } from '../lib/region.ts';
import { Icon } from '../ui/icon.tsx';
import styles from './layout.module.css';

/** The header's language menu. Signed-in users' choice is also stored on their account. */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const { language, choosable, setLanguage } = useLanguage();

  const onChange = (key: Key | null) => {
    const parsed = LanguageSchema.safeParse(key);
    if (!parsed.success || parsed.data === language) return;
    const next: Language = parsed.data;
    setRegionDefaultLanguage(next);
    setLanguage(next).catch(() => {
      // The UI already switched; storing the choice on the account is retried on the next change.
    });
  };

  return (
    <Select
      aria-label={t('shell.language')}
      value={language}
      onChange={onChange}
      className={styles.languageSwitch}
    >
      <Button className={styles.languageButton}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
        <SelectValue>
          {() => (
            <>
              <span className={styles.languageName}>{t(`languages.${language}`)}</span>
              <span className={styles.languageCode} aria-hidden="true">
                {language.toUpperCase()}
              </span>
            </>
          )}
        </SelectValue>
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
