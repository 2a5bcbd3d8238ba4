import { describe, expect, it } from 'vitest';
import { isOnLand, LAND_MARGIN_KM } from './land.ts';

const at = (latitude: number, longitude: number) => ({ latitude, longitude });

describe('isOnLand', () => {
  it('accepts places in Denmark and Norway, islands included', () => {
    expect(isOnLand(at(55.6953, 12.5481))).toBe(true); // Nørrebrogade, København N
    expect(isOnLand(at(56.1567, 10.2108))).toBe(true); // Aarhus C
    expect(isOnLand(at(55.4038, 10.4024))).toBe(true); // Odense C (Funen)
    expect(isOnLand(at(55.1007, 14.7006))).toBe(true); // Rønne (Bornholm)
    expect(isOnLand(at(57.7209, 10.5839))).toBe(true); // Skagen
    expect(isOnLand(at(59.9094, 10.7434))).toBe(true); // Oslo sentrum
    expect(isOnLand(at(60.3913, 5.3221))).toBe(true); // Bergen
    expect(isOnLand(at(63.4305, 10.3951))).toBe(true); // Trondheim
    expect(isOnLand(at(69.6492, 18.9553))).toBe(true); // Tromsø (an island)
    expect(isOnLand(at(61.1153, 10.4662))).toBe(true); // Lillehammer, inland
  });

  it(`accepts the quayside and a harbour: up to ${LAND_MARGIN_KM} km off the coarse coast`, () => {
    expect(isOnLand(at(55.6925, 12.5995))).toBe(true); // Langelinie, København
    expect(isOnLand(at(59.9075, 10.7269))).toBe(true); // Aker brygge, Oslo
  });

  it('refuses open water', () => {
    expect(isOnLand(at(56.2, 11.2))).toBe(false); // Kattegat
    expect(isOnLand(at(57.0, 6.0))).toBe(false); // North Sea
    expect(isOnLand(at(58.0, 9.0))).toBe(false); // Skagerrak
    expect(isOnLand(at(54.8, 14.3))).toBe(false); // Baltic, west of Bornholm
    expect(isOnLand(at(56.15, 10.6))).toBe(false); // Aarhus Bay, off Djursland
    expect(isOnLand(at(66.0, 3.0))).toBe(false); // Norwegian Sea
  });

  it('refuses places outside Denmark and Norway, and non-numbers', () => {
    expect(isOnLand(at(59.3293, 18.0686))).toBe(false); // Stockholm
    expect(isOnLand(at(52.52, 13.405))).toBe(false); // Berlin
    expect(isOnLand(at(Number.NaN, 10))).toBe(false);
  });
});
