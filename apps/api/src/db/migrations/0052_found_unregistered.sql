ALTER TABLE "item_pickups" ALTER COLUMN "bike_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "item_pickups" ALTER COLUMN "owner_party_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD COLUMN "found_identifier" text;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD COLUMN "found_brand" text;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD COLUMN "found_model" text;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD COLUMN "found_color" text;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD COLUMN "found_category" text;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD COLUMN "found_is_electric" boolean;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD COLUMN "found_latitude" double precision;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD COLUMN "found_longitude" double precision;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD CONSTRAINT "item_pickups_bike_or_description" CHECK ("item_pickups"."bike_id" is not null or ("item_pickups"."found_brand" is not null and "item_pickups"."owner_party_id" is null));