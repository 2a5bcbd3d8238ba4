CREATE TABLE "insurance_plate_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"requested_by_email" text NOT NULL,
	"requested_by" uuid,
	"subject" text NOT NULL,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "insurance_plate_orders_status" CHECK ("insurance_plate_orders"."status" in ('requested', 'sent', 'cancelled')),
	CONSTRAINT "insurance_plate_orders_quantity" CHECK ("insurance_plate_orders"."quantity" between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "insurance_plate_orders" ADD CONSTRAINT "insurance_plate_orders_insurer_party_id_organisations_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_plate_orders" ADD CONSTRAINT "insurance_plate_orders_requested_by_parties_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_plate_orders_message_key" ON "insurance_plate_orders" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "insurance_plate_orders_insurer_idx" ON "insurance_plate_orders" USING btree ("insurer_party_id","created_at");