CREATE TABLE "club_offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"club" text NOT NULL,
	"role" text NOT NULL,
	"product_id" uuid NOT NULL,
	"discount_percent" integer,
	"member_price_minor" integer,
	CONSTRAINT "club_offers_one_discount" CHECK (("club_offers"."discount_percent" is null) <> ("club_offers"."member_price_minor" is null)),
	CONSTRAINT "club_offers_discount_range" CHECK ("club_offers"."discount_percent" is null or "club_offers"."discount_percent" between 0 and 100),
	CONSTRAINT "club_offers_member_price_whole_kroner" CHECK ("club_offers"."member_price_minor" is null or ("club_offers"."member_price_minor" >= 0 and "club_offers"."member_price_minor" % 100 = 0))
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_offers" ADD CONSTRAINT "club_offers_club_clubs_slug_fk" FOREIGN KEY ("club") REFERENCES "public"."clubs"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_offers" ADD CONSTRAINT "club_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "club_offers_club_role_key" ON "club_offers" USING btree ("club","role");--> statement-breakpoint
-- NAF (issue 15 §5): members get 20 % off the yearly registration and pay 80 kr for an extra bike
-- registration (demo prices; staff change them). NAF's own terms for the partnership are not known
-- (payments.md §5 NOT FOUND).
INSERT INTO "clubs" ("slug", "name", "region") VALUES ('naf', 'NAF', 'no');--> statement-breakpoint
INSERT INTO "club_offers" ("id", "club", "role", "product_id", "discount_percent", "member_price_minor") VALUES
  ('019ac15e-0000-7000-8000-000300000001', 'naf', 'offer', '019ac15e-0000-7000-8000-000200000001', 20, NULL),
  ('019ac15e-0000-7000-8000-000300000002', 'naf', 'extra_registration', '019ac15e-0000-7000-8000-000200000004', NULL, 8000);
