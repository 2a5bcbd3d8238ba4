-- Frame numbers registered with Latin-script look-alikes before issue 27 (small capitals such as ʙ,
-- the capital small I Ɪ, the click letter ǀ and `|` for a 1) get the keys they would get now, so a
-- search for the real number finds them and the unique index keeps the next copy out. The strings are
-- the Latin section of CONFUSABLES in packages/domain/src/identifiers.ts: upper case for the keys (as
-- JavaScript upper-cased them), and the cases foldConfusables shows for the number as shown (`|` is
-- not a letter and stays as typed there). As in 0011, a number whose folded key another bike has is
-- left as it is: the staff collision list (GET /api/backoffice/frame-number-collisions) pairs it with
-- that bike for support to sort out. Keys with other letters outside A–Z, Æ, Ø, Å (accents) are left:
-- registration refuses them from now on, and folding them would be a guess.
WITH folded AS (
  SELECT id, translate(frame_number_key, 'ᴀʙᴄᴅᴇꜰɢꞬʜꞮᴊᴋʟᴍɴᴏᴘꞯƦꜱᴛᴜᴠᴡʏᴢǀ|', 'ABCDEFGGHIJKLMNOPQRSTUVWYZ11') AS key
  FROM bikes
  WHERE frame_number_key ~ '[ᴀʙᴄᴅᴇꜰɢꞬʜꞮᴊᴋʟᴍɴᴏᴘꞯƦꜱᴛᴜᴠᴡʏᴢǀ|]'
)
UPDATE bikes SET
  frame_number = translate(
    bikes.frame_number,
    'ᴀʙᴄᴅᴇꜰɢꞬɡʜꞮɪᴊᴋʟᴍɴᴏᴘꞯƦʀꜱᴛᴜᴠᴡʏᴢǀ',
    'ABCDEFGGgHIiJKLMNOPQRrSTUVWYZ1'
  ),
  frame_number_key = folded.key,
  -- LOOK_ALIKES of identifiers.ts, as lookAlikeKey applies them to the key.
  frame_number_look_alike = translate(folded.key, 'OIL|SZB', '0111528')
FROM folded
WHERE bikes.id = folded.id
  AND NOT EXISTS (SELECT 1 FROM bikes other WHERE other.frame_number_key = folded.key)
  AND NOT EXISTS (SELECT 1 FROM folded twin WHERE twin.key = folded.key AND twin.id <> folded.id);
--> statement-breakpoint
-- The copies left above (and those 0011 left) keep their keys, but their look-alike keys become those
-- of the number they imitate, so a search for the real number shows them beside it (as look-alikes)
-- while support sorts them out. The strings are all of CONFUSABLES, Cyrillic, Greek and Latin.
UPDATE bikes SET frame_number_look_alike = translate(
  translate(
    frame_number_key,
    'АВЕЗІЈКМНОРСЅТУҮХӀԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧᴀʙᴄᴅᴇꜰɢꞬʜꞮᴊᴋʟᴍɴᴏᴘꞯƦꜱᴛᴜᴠᴡʏᴢǀ|',
    'ABE3IJKMHOPCSTYYXIQWABEZHIKMNOPTYXABCDEFGGHIJKLMNOPQRSTUVWYZ11'
  ),
  'OIL|SZB',
  '0111528'
)
WHERE frame_number_key ~ '[АВЕЗІЈКМНОРСЅТУҮХӀԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧᴀʙᴄᴅᴇꜰɢꞬʜꞮᴊᴋʟᴍɴᴏᴘꞯƦꜱᴛᴜᴠᴡʏᴢǀ|]';
