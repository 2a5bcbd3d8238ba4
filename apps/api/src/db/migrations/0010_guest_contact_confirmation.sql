CREATE TABLE "guest_contact_confirmations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"bike_id" uuid NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_contacts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_contact_confirmations" ADD CONSTRAINT "guest_contact_confirmations_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_contact_confirmations_code_key" ON "guest_contact_confirmations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "guest_contact_confirmations_expires_idx" ON "guest_contact_confirmations" USING btree ("expires_at");