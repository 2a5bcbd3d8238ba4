import {
  DEFAULT_MAX_PARKING_HOURS,
  type DockAccess,
  type DockWrite,
  DockWriteSchema,
  type OperatorDock,
} from '@nbr/domain/docks';
import type { Region } from '@nbr/domain/locale';

/*
 * The dock form's values as typed (strings, a checkbox per day) and the DockWrite they become. The
 * form checks with the API's own schema before sending, and shows each problem beside its field.
 */

export interface DayValues {
  isOpen: boolean;
  opens: string;
  closes: string;
}

export interface DockFormValues {
  name: string;
  region: Region;
  street_address: string;
  postcode: string;
  town: string;
  latitude: string;
  longitude: string;
  alwaysOpen: boolean;
  days: DayValues[];
  access: DockAccess;
  organisation_ids: string[];
  /** One e-mail address a line (or separated by commas). */
  people: string;
  max_parking_hours: string;
}

const DEFAULT_DAY: DayValues = { isOpen: true, opens: '06:00', closes: '23:00' };

export function emptyDockForm(region: Region): DockFormValues {
  return {
    name: '',
    region,
    street_address: '',
    postcode: '',
    town: '',
    latitude: '',
    longitude: '',
    alwaysOpen: true,
    days: Array.from({ length: 7 }, () => ({ ...DEFAULT_DAY })),
    access: 'signed_in',
    organisation_ids: [],
    people: '',
    max_parking_hours: String(DEFAULT_MAX_PARKING_HOURS),
  };
}

/**
 * The form of a dock as it is, for its operator (`operatorId`). The operator's own members may always
 * use its dock, so the form never offers the operator as a choice; a dock saved before that may still
 * list it, and it is left out here (ticked but hidden, it would let "pick at least one" pass with
 * nothing ticked).
 */
export function dockFormFrom(dock: OperatorDock, operatorId: string): DockFormValues {
  return {
    name: dock.name,
    region: dock.region,
    street_address: dock.street_address,
    postcode: dock.postcode,
    town: dock.town,
    latitude: String(dock.latitude),
    longitude: String(dock.longitude),
    alwaysOpen: dock.opening_hours === null,
    days: Array.from({ length: 7 }, (_, index) => {
      const day = dock.opening_hours?.[index];
      if (dock.opening_hours === null) return { ...DEFAULT_DAY };
      return day ? { isOpen: true, opens: day.opens, closes: day.closes } : { ...DEFAULT_DAY, isOpen: false };
    }),
    access: dock.access,
    organisation_ids: dock.organisations
      .map((organisation) => organisation.id)
      .filter((id) => id !== operatorId),
    people: dock.people.join('\n'),
    max_parking_hours: String(dock.max_parking_hours),
  };
}

/** A typed decimal number ("55,6761" or "55.6761"); NaN when it is none, so the schema names the field. */
function parseNumber(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

export function dockWriteInput(values: DockFormValues): unknown {
  return {
    name: values.name,
    region: values.region,
    street_address: values.street_address,
    postcode: values.postcode,
    town: values.town,
    latitude: parseNumber(values.latitude),
    longitude: parseNumber(values.longitude),
    opening_hours: values.alwaysOpen
      ? null
      : values.days.map((day) => (day.isOpen ? { opens: day.opens, closes: day.closes } : null)),
    access: values.access,
    organisation_ids: values.access === 'organisations' ? values.organisation_ids : [],
    people:
      values.access === 'people'
        ? values.people
            .split(/[\s,;]+/)
            .map((email) => email.trim())
            .filter(Boolean)
        : [],
    max_parking_hours: parseNumber(values.max_parking_hours),
  };
}

export type DockFormErrors = Record<string, string>;

/** The dock to send, or each problem by its field (`opening_hours.2.closes`, `people.0` …) as a validation code. */
export function checkDockForm(
  values: DockFormValues,
): { ok: true; dock: DockWrite } | { ok: false; errors: DockFormErrors } {
  const parsed = DockWriteSchema.safeParse(dockWriteInput(values));
  if (parsed.success) return { ok: true, dock: parsed.data };
  const errors: DockFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    // A number that is not one: zod says invalid_type, the person needs "required".
    const code = issue.code === 'invalid_type' ? 'required' : issue.message;
    if (!(field in errors)) errors[field] = code;
  }
  return { ok: false, errors };
}
