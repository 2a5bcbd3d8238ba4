import {
  DOCK_ORGANISATION_QUERY_MAX_LENGTH,
  DOCK_ORGANISATION_QUERY_MIN_LENGTH,
  type DockOrganisation,
} from '@nbr/domain/docks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useOrganisations } from '../../../lib/api/organisations/get-organisations.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useDockOrganisationSearch } from '../api/search-dock-organisations.ts';
import styles from '../docks.module.css';

/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 300;

interface Choice {
  id: string;
  name: string;
}

/**
 * The organisations whose members may use a dock (access = organisations): a checkbox per choice —
 * those already listed, the person's own organisations as quick choices, and any found by name in
 * the register — and a search to find more. Unticking one removes it from the dock. The operating
 * organisation is never offered: its own members may always use its docks (the search leaves it out too).
 */
export function OrganisationPicker({
  selectedIds,
  onChange,
  listed,
  operatorId,
  isMissing,
  unavailableIds = [],
}: {
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** The organisations the dock lists now, with their names. */
  listed: readonly Choice[];
  /** The organisation the dock belongs to (the session acts for it): not a choice. */
  operatorId: string;
  /** Nothing is chosen though the dock is for organisations (after a save was tried). */
  isMissing: boolean;
  /** Chosen organisations the API refused on saving (gone or suspended since they were found). */
  unavailableIds?: readonly string[];
}) {
  const { t } = useTranslation('docks');
  const mine = useOrganisations();
  const [found, setFound] = useState<Choice[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const choices = useMemo(() => {
    const all = new Map<string, string>();
    for (const organisation of listed) all.set(organisation.id, organisation.name);
    for (const organisation of mine.data ?? []) all.set(organisation.party_id, organisation.name);
    for (const organisation of found) all.set(organisation.id, organisation.name);
    all.delete(operatorId);
    return [...all].map(([id, name]) => ({ id, name }));
  }, [mine.data, listed, found, operatorId]);

  const add = (organisation: DockOrganisation) => {
    setFound((current) =>
      current.some((known) => known.id === organisation.id)
        ? current
        : [...current, { id: organisation.id, name: organisation.name }],
    );
    if (!selectedIds.includes(organisation.id)) onChange([...selectedIds, organisation.id]);
    setAnnouncement(t('organisationSearch.addedAnnouncement', { name: organisation.name }));
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('form.organisations')}</legend>
      {choices.length === 0 ? <p className={styles.muted}>{t('form.noOrganisations')}</p> : null}
      {choices.map((organisation) => (
        <Checkbox
          key={organisation.id}
          isSelected={selectedIds.includes(organisation.id)}
          onChange={(isSelected) => {
            onChange(
              isSelected
                ? [...selectedIds, organisation.id]
                : selectedIds.filter((id) => id !== organisation.id),
            );
            setAnnouncement('');
          }}
        >
          {organisation.name}
        </Checkbox>
      ))}
      {isMissing ? (
        <Alert tone="error">
          <p>{t('form.organisationsMissing')}</p>
        </Alert>
      ) : null}
      {choices
        .filter(
          (organisation) => unavailableIds.includes(organisation.id) && selectedIds.includes(organisation.id),
        )
        .map((organisation) => (
          <Alert key={organisation.id} tone="error">
            <p>{t('organisationSearch.unavailable', { name: organisation.name })}</p>
          </Alert>
        ))}
      <OrganisationSearch selectedIds={selectedIds} operatorId={operatorId} onAdd={add} />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}

/** Finds organisations of the register by part of their name, a few at a time, to add. */
function OrganisationSearch({
  selectedIds,
  operatorId,
  onAdd,
}: {
  selectedIds: readonly string[];
  operatorId: string;
  onAdd: (organisation: DockOrganisation) => void;
}) {
  const { t } = useTranslation(['docks', 'common']);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const isSearchable = query.length >= DOCK_ORGANISATION_QUERY_MIN_LENGTH;
  const search = useDockOrganisationSearch(query, { enabled: isSearchable });
  const matches = isSearchable ? search.data?.filter((match) => match.id !== operatorId) : undefined;

  let status = '';
  if (isSearchable) {
    if (search.isError) status = t('organisationSearch.failed');
    else if (search.isFetching && !matches) status = t('organisationSearch.searching');
    else if (matches && matches.length === 0) status = t('organisationSearch.none', { query });
    else if (matches) status = t('organisationSearch.found', { count: matches.length });
  }

  return (
    <div className={styles.organisationSearch}>
      <TextField
        label={t('organisationSearch.label')}
        description={t('organisationSearch.help')}
        type="search"
        autoComplete="off"
        maxLength={DOCK_ORGANISATION_QUERY_MAX_LENGTH}
        value={text}
        onChange={setText}
        // Enter searches as typing does; it must not save the dock.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <p className={styles.muted} role="status">
        {status}
      </p>
      {matches && matches.length > 0 ? (
        <ul className={styles.list} aria-label={t('organisationSearch.results')}>
          {matches.map((organisation) => {
            const isChosen = selectedIds.includes(organisation.id);
            return (
              <li key={organisation.id} className={styles.organisationMatch}>
                <span className={styles.organisationMatchName}>
                  <strong>{organisation.name}</strong>{' '}
                  <span className={styles.muted}>
                    {t(`organisationSearch.types.${organisation.type}`)} ·{' '}
                    {t(`common:regions.${organisation.region}`)}
                  </span>
                </span>
                {isChosen ? (
                  <span className={styles.muted}>{t('organisationSearch.chosen')}</span>
                ) : (
                  <Button
                    size="small"
                    variant="secondary"
                    aria-label={t('organisationSearch.addLabel', { name: organisation.name })}
                    onPress={() => onAdd(organisation)}
                  >
                    {t('organisationSearch.add')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
