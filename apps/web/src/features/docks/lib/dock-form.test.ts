import type { OperatorDock } from '@nbr/domain/docks';
import { describe, expect, it } from 'vitest';
import { checkDockForm, type DockFormValues, dockFormFrom, emptyDockForm } from './dock-form.ts';

const filled = (): DockFormValues => ({
  ...emptyDockForm('dk'),
  name: 'Banegården',
  street_address: 'Banegårdspladsen 1',
  postcode: '8000',
  town: 'Aarhus',
  latitude: '56,1503',
  longitude: '10.2045',
});

describe('the dock form', () => {
  it('sends a filled form as the API takes it, open around the clock, everyone signed in', () => {
    const result = checkDockForm(filled());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.dock).toMatchObject({
      latitude: 56.1503,
      longitude: 10.2045,
      opening_hours: null,
      access: 'signed_in',
      people: [],
      max_parking_hours: 72,
    });
  });

  it('writes the week Monday first with closed days as null', () => {
    const values = filled();
    values.alwaysOpen = false;
    values.days[6] = { isOpen: false, opens: '06:00', closes: '23:00' };
    const result = checkDockForm(values);
    expect(result.ok && result.dock.opening_hours?.[6]).toBeNull();
    expect(result.ok && result.dock.opening_hours?.[0]).toEqual({ opens: '06:00', closes: '23:00' });
  });

  it('names each field with a problem: missing position, closing before opening, people without anyone', () => {
    const values = { ...filled(), latitude: '', alwaysOpen: false, access: 'people' as const, people: ' ' };
    values.days[1] = { isOpen: true, opens: '18:00', closes: '08:00' };
    const result = checkDockForm(values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.latitude).toBe('required');
    expect(result.errors['opening_hours.1.closes']).toBe('invalid_value');
    // The whole-dock rules come once the fields themselves are right.
    const people = checkDockForm({ ...filled(), access: 'people', people: ' ' });
    expect(!people.ok && people.errors.people).toBe('required');
  });

  it('takes people one a line or separated by commas', () => {
    const values = {
      ...filled(),
      access: 'people' as const,
      people: 'a@example.com\nb@example.com, c@example.com',
    };
    const result = checkDockForm(values);
    expect(result.ok && result.dock.people).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('leaves the operator out of an older dock that lists it, so choosing none is named', () => {
    const operatorId = '01a24e80-0000-7000-8000-000000000001';
    const otherId = '01a24e80-0000-7000-8000-000000000002';
    const dock: OperatorDock = {
      id: '01a24e80-0000-7000-8000-0000000000d0',
      name: 'Banegården',
      region: 'dk',
      street_address: 'Banegårdspladsen 1',
      postcode: '8000',
      town: 'Aarhus',
      latitude: 56.15,
      longitude: 10.2,
      opening_hours: null,
      is_open_now: true,
      access: 'organisations',
      organisations: [
        { id: operatorId, name: 'Aarhus Kommune' },
        { id: otherId, name: 'Cykelklubben' },
      ],
      people: [],
      max_parking_hours: 72,
      created_at: '2026-12-01T10:00:00.000Z',
      closed_at: null,
    };
    expect(dockFormFrom(dock, operatorId).organisation_ids).toEqual([otherId]);
    const onlyOperator = dockFormFrom({ ...dock, organisations: [dock.organisations[0]!] }, operatorId);
    expect(onlyOperator.organisation_ids).toEqual([]);
    const result = checkDockForm(onlyOperator);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.organisation_ids).toBeTruthy();
  });
});
