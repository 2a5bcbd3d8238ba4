ALTER TABLE "orders" ADD COLUMN "waiting_plate_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waiting_plate_taken_at" timestamp with time zone;