/*
 * Where a postcode is, roughly: the centre of its town, for placing a dealer on /find-distributor
 * when staff gave no coordinates. Danish and Norwegian postcodes are both four digits and overlap,
 * so the table is per region. It holds the towns of each region's main postcode areas; a postcode
 * not in it falls back to a listed one of the same area (same first two digits), else to none (the
 * dealer is listed without a map pin until staff enter coordinates).
 */

type Place = readonly [latitude: number, longitude: number];

const DK: Readonly<Record<string, Place>> = {
  '1000': [55.6786, 12.5635], // København K
  '1050': [55.6803, 12.5857],
  '1550': [55.6759, 12.5681], // København V
  '2000': [55.6794, 12.5317], // Frederiksberg
  '2100': [55.7075, 12.5795], // København Ø
  '2200': [55.6969, 12.5454], // København N
  '2300': [55.6595, 12.6026], // København S
  '2400': [55.7075, 12.5274], // København NV
  '2500': [55.6502, 12.5116], // Valby
  '2605': [55.6629, 12.4055], // Brøndby
  '2630': [55.656, 12.3], // Taastrup
  '2800': [55.7704, 12.5038], // Kongens Lyngby
  '2900': [55.7248, 12.5788], // Hellerup
  '3000': [56.0361, 12.6136], // Helsingør
  '3400': [55.9296, 12.3008], // Hillerød
  '4000': [55.6419, 12.0878], // Roskilde
  '4200': [55.4028, 11.3543], // Slagelse
  '4700': [55.2299, 11.7609], // Næstved
  '5000': [55.4038, 10.4024], // Odense C
  '6000': [55.4904, 9.4722], // Kolding
  '6700': [55.4765, 8.4594], // Esbjerg
  '7100': [55.7113, 9.5357], // Vejle
  '7400': [56.1393, 8.9738], // Herning
  '8000': [56.1567, 10.2108], // Aarhus C
  '8200': [56.1784, 10.1883], // Aarhus N
  '8700': [55.8607, 9.8503], // Horsens
  '8900': [56.4606, 10.0364], // Randers
  '9000': [57.0488, 9.9217], // Aalborg
  '9800': [57.4577, 9.9822], // Hjørring
};

const NO: Readonly<Record<string, Place>> = {
  '0150': [59.9094, 10.7434], // Oslo sentrum
  '0250': [59.9133, 10.7215], // Oslo (Frogner)
  '0450': [59.9333, 10.7541], // Oslo (Sagene)
  '0550': [59.9229, 10.7586], // Oslo (Grünerløkka)
  '0650': [59.9077, 10.7857], // Oslo (Gamle Oslo)
  '1300': [59.8908, 10.5223], // Sandvika
  '1400': [59.7195, 10.8352], // Ski
  '1600': [59.2181, 10.9298], // Fredrikstad
  '2000': [59.9552, 11.0495], // Lillestrøm
  '2300': [60.7945, 11.068], // Hamar
  '2600': [61.1153, 10.4662], // Lillehammer
  '3000': [59.7441, 10.2045], // Drammen
  '3100': [59.2675, 10.4076], // Tønsberg
  '3700': [59.21, 9.609], // Skien
  '4000': [58.97, 5.7331], // Stavanger
  '4600': [58.1462, 7.9956], // Kristiansand
  '5000': [60.3913, 5.3221], // Bergen
  '6000': [62.4722, 6.1495], // Ålesund
  '7000': [63.4305, 10.3951], // Trondheim
  '8000': [67.2804, 14.4049], // Bodø
  '9000': [69.6492, 18.9553], // Tromsø
};

const TABLES: Readonly<Record<string, Readonly<Record<string, Place>>>> = { dk: DK, no: NO };

/** The rough place of a postcode in a region (`dk` | `no`), or null when the table cannot tell. */
export function placeOfPostcode(
  region: string,
  postcode: string,
): { latitude: number; longitude: number } | null {
  const table = TABLES[region];
  if (!table || !/^\d{4}$/.test(postcode)) return null;
  const exact = table[postcode];
  const place =
    exact ??
    Object.entries(table)
      .filter(([code]) => code.slice(0, 2) === postcode.slice(0, 2))
      .sort(
        ([a], [b]) => Math.abs(Number(a) - Number(postcode)) - Math.abs(Number(b) - Number(postcode)),
      )[0]?.[1];
  return place ? { latitude: place[0], longitude: place[1] } : null;
}
