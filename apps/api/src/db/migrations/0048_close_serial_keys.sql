-- Close-serial search (issue 32 §3): the police and staff find frame numbers within edit distance 2
-- of what they typed. Each frame number key is cut into four segments (the longer ones at the end);
-- two edits touch at most two of them, so two segments stay intact, each shifted by at most two
-- places. A key is stored as nine tokens ("length:id:pieces"): five pairs of segments, and the first
-- two segments (often a maker's prefix thousands share) only with a half of the third and a half of
-- the fourth. The search asks for every token the typed key could hold (packages/domain/src/
-- close-serial.ts builds them the same way, and explains why none is missed) and keeps the
-- candidates within distance 2 by levenshtein_less_equal (fuzzystrmatch).
-- The key sits in the index beside its token, so candidates are checked without reading bikes.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch WITH SCHEMA public;
--> statement-breakpoint
CREATE FUNCTION close_serial_tokens(key text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  n int := length(key);
  base int := n / 4;
  extra int := n % 4;
  starts int[] := '{}';
  sizes int[] := '{}';
  pieces text[] := '{}';
  tokens text[] := '{}';
  half int;
  halves2 text[];
  halves3 text[];
  names text[] := '{a,b}';
BEGIN
  IF key IS NULL OR n < 4 THEN
    RETURN NULL;
  END IF;
  FOR i IN 1..4 LOOP
    sizes[i] := base + CASE WHEN i - 1 >= 4 - extra THEN 1 ELSE 0 END;
    starts[i] := (i - 1) * base + greatest(0, i - 1 - (4 - extra));
    pieces[i] := substr(key, starts[i] + 1, sizes[i]);
  END LOOP;
  -- Every pair of segments but the first two.
  FOR i IN 1..4 LOOP
    FOR j IN i + 1..4 LOOP
      IF NOT (i = 1 AND j = 2) THEN
        tokens := tokens || (n || ':' || (i - 1) || (j - 1) || ':' || pieces[i] || ':' || pieces[j]);
      END IF;
    END LOOP;
  END LOOP;
  -- The first two segments with a half of the third and a half of the fourth.
  half := sizes[3] / 2;
  halves2 := ARRAY[substr(key, starts[3] + 1, half), substr(key, starts[3] + 1 + half, sizes[3] - half)];
  half := sizes[4] / 2;
  halves3 := ARRAY[substr(key, starts[4] + 1, half), substr(key, starts[4] + 1 + half, sizes[4] - half)];
  FOR h2 IN 1..2 LOOP
    FOR h3 IN 1..2 LOOP
      tokens := tokens || (n || ':01' || names[h2] || names[h3] || ':' || pieces[1] || ':' || pieces[2] || ':'
        || halves2[h2] || ':' || halves3[h3]);
    END LOOP;
  END LOOP;
  RETURN tokens;
END
$$;
--> statement-breakpoint
CREATE TABLE "bike_close_serial_keys" (
	"token" text NOT NULL,
	"bike_id" uuid NOT NULL,
	"frame_number_key" text NOT NULL,
	CONSTRAINT "bike_close_serial_keys_pkey" PRIMARY KEY ("token", "bike_id") INCLUDE ("frame_number_key")
);
--> statement-breakpoint
-- Every path that writes a frame number keeps the tokens right: a bulk insert (the import's unnest)
-- adds them in one statement, a changed or removed key replaces them, a deleted bike takes them along.
CREATE FUNCTION bikes_close_serial_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bike_close_serial_keys (token, bike_id, frame_number_key)
  SELECT token, inserted.id, inserted.frame_number_key
    FROM inserted_bikes AS inserted, unnest(close_serial_tokens(inserted.frame_number_key)) AS token
   WHERE inserted.frame_number_key IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION bikes_close_serial_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.frame_number_key IS NOT NULL THEN
    DELETE FROM bike_close_serial_keys
     WHERE token = ANY (close_serial_tokens(OLD.frame_number_key)) AND bike_id = OLD.id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.frame_number_key IS NOT NULL THEN
    INSERT INTO bike_close_serial_keys (token, bike_id, frame_number_key)
    SELECT token, NEW.id, NEW.frame_number_key FROM unnest(close_serial_tokens(NEW.frame_number_key)) AS token
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bikes_close_serial_inserted AFTER INSERT ON bikes
  REFERENCING NEW TABLE AS inserted_bikes FOR EACH STATEMENT EXECUTE FUNCTION bikes_close_serial_inserted();
--> statement-breakpoint
CREATE TRIGGER bikes_close_serial_updated AFTER UPDATE OF frame_number_key ON bikes
  FOR EACH ROW WHEN (OLD.frame_number_key IS DISTINCT FROM NEW.frame_number_key)
  EXECUTE FUNCTION bikes_close_serial_changed();
--> statement-breakpoint
CREATE TRIGGER bikes_close_serial_deleted AFTER DELETE ON bikes
  FOR EACH ROW WHEN (OLD.frame_number_key IS NOT NULL) EXECUTE FUNCTION bikes_close_serial_changed();
--> statement-breakpoint
INSERT INTO bike_close_serial_keys (token, bike_id, frame_number_key)
SELECT token, bikes.id, bikes.frame_number_key
  FROM bikes, unnest(close_serial_tokens(bikes.frame_number_key)) AS token
 WHERE bikes.frame_number_key IS NOT NULL
ON CONFLICT DO NOTHING;
