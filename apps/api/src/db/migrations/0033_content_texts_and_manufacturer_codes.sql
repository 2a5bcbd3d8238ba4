CREATE TABLE "content_page_texts" (
	"page" text NOT NULL,
	"language" text NOT NULL,
	"heading" text NOT NULL,
	"lead" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_page_texts_page_language_pk" PRIMARY KEY("page","language")
);
--> statement-breakpoint
CREATE TABLE "manufacturer_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"brands" jsonb NOT NULL,
	"confidence" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
-- Seeded from packages/domain/src/manufacturer-codes.ts (the researched list, issue 17 §1); admins edit it from here.
INSERT INTO "manufacturer_codes" ("code", "holder", "brands", "confidence", "source") VALUES
('WDA', 'FDB (importer; Danish co-operative)', '["fdb","fdb cykler"]'::jsonb, 'high', 'en.wikipedia.org/wiki/Danish_bicycle_VIN-system (worked example ''WDA 1234 Z''); da.m.wikipedia.org/wiki/Det_danske_stelnummersystem_for_cykler (same example)'),
('S', 'SCO', '["sco","s.c.o."]'::jsonb, 'high', 'en.wikipedia.org/wiki/Danish_bicycle_VIN-system (worked example ''S 57 A'')'),
('WBK', 'DBS (Jonas Øglænd AS; Norway)', '["dbs"]'::jsonb, 'high', 'sykkeltyveri.no/AISSM/rammeaar.html'),
('DB', 'Rocky', '["rocky"]'::jsonb, 'medium', 'en.wikipedia.org/wiki/Danish_bicycle_VIN-system ''Common manufacturer codes'' table (seen via mirror wikwiand-revamp.pages.dev/en/Danish_bicycle_VIN-system)'),
('PL', 'CREATE', '["create"]'::jsonb, 'medium', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('DI', 'Dibbern Cykler', '["dibbern","dibbern cykler"]'::jsonb, 'medium', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('PR', 'Pro Movec', '["pro movec","promovec"]'::jsonb, 'medium', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('EE', 'Egedesø (alias Everton)', '["everton","egedesø"]'::jsonb, 'medium', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('PS', 'Schrøder cykler', '["schrøder","schrøder cykler"]'::jsonb, 'medium', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('FAK', 'Falcon', '["falcon"]'::jsonb, 'medium', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('PY', 'Python Pro', '["python","python pro"]'::jsonb, 'medium', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('GD', 'Titania Cykler', '["titania","titania cykler"]'::jsonb, 'medium', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('GR', 'L. H. V. Grønning, Odense', '["grønning"]'::jsonb, 'medium', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('GW', 'G&W Cykler', '["g&w","g&w cykler"]'::jsonb, 'low', 'en.wikipedia.org ''Common manufacturer codes'' table (via wikwiand-revamp.pages.dev mirror)'),
('WBTD', 'Yosemite', '["yosemite"]'::jsonb, 'medium', 'sykkeltyveri.no/AISSM/rammeaar.html; github.com/cisene/data-available INT/bicycles/manufacturers.yaml (pattern ^(WBTD)(\d{6})([a-z])$)'),
('WC', 'Merida (probably its importer)', '["merida"]'::jsonb, 'low', 'sykkeltyveri.no/AISSM/rammeaar.html'),
('WN', 'Nishiki (probably its importer)', '["nishiki"]'::jsonb, 'low', 'sykkeltyveri.no/AISSM/rammeaar.html; en.wikipedia.org/wiki/Danish_bicycle_VIN-system ''Raleigh Variant'' (via kampuspedia.com/en/Danish_bicycle_VIN-system)'),
('WUD', 'Specialized (probably its importer)', '["specialized"]'::jsonb, 'low', 'sykkeltyveri.no/AISSM/rammeaar.html'),
('WTU', 'Trek (probably its importer)', '["trek"]'::jsonb, 'low', 'sykkeltyveri.no/AISSM/rammeaar.html'),
('WAR', 'Raleigh (import)', '[]'::jsonb, 'medium', 'en.wikipedia.org/wiki/Danish_bicycle_VIN-system section ''Raleigh Variant'' (seen via kampuspedia.com/en/Danish_bicycle_VIN-system)'),
('WMY', 'EcoRide', '["ecoride"]'::jsonb, 'low', 'github.com/cisene/data-available INT/bicycles/manufacturers.yaml (commit fa8de9aa; pattern ^(WMY)(\d{6})([a-z]{1})$)'),
('WSP', 'Babboe', '[]'::jsonb, 'low', 'e-bike-stuttgart.com/post/aufbau-der-rahmennummern');
