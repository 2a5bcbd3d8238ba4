-- Frame numbers registered with Cyrillic or Greek look-alikes of Latin letters before identifiers were
-- folded (CONFUSABLES in packages/domain/src/identifiers.ts) get the keys they would get now, so a
-- search for the real number finds them and the unique index keeps the next copy out. The strings
-- below are CONFUSABLES: capitals for the keys, both cases for the number as shown. A number whose
-- folded key another bike has (a copy registered beside the Latin one, or two copies of each other)
-- is left as it is for support to sort out: folding it would break the unique index.
WITH folded AS (
  SELECT id, translate(frame_number_key, 'АВЕЗІЈКМНОРСЅТУҮХӀԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', 'ABE3IJKMHOPCSTYYXIQWABEZHIKMNOPTYX') AS key
  FROM bikes
  WHERE frame_number_key ~ '[АВЕЗІЈКМНОРСЅТУҮХӀԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧ]'
)
UPDATE bikes SET
  frame_number = translate(
    bikes.frame_number,
    'АВЕЗІЈКМНОРСЅТУҮХӀԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧавезіјкмнорсѕтуүхӏԛԝαβεζηικμνορτυχ',
    'ABE3IJKMHOPCSTYYXIQWABEZHIKMNOPTYXabe3ijkmhopcstyyxiqwabezhikmnoptyx'
  ),
  frame_number_key = folded.key,
  -- LOOK_ALIKES of identifiers.ts, as lookAlikeKey applies them to the key.
  frame_number_look_alike = translate(folded.key, 'OIL|SZB', '0111528')
FROM folded
WHERE bikes.id = folded.id
  AND NOT EXISTS (SELECT 1 FROM bikes other WHERE other.frame_number_key = folded.key)
  AND NOT EXISTS (SELECT 1 FROM folded twin WHERE twin.key = folded.key AND twin.id <> folded.id);
