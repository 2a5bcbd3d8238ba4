CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"bike_id" uuid,
	"subscription_id" uuid
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"party_id" uuid NOT NULL,
	"region" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"shipment_status" text DEFAULT 'none' NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"voucher_id" uuid,
	"payment_method" text NOT NULL,
	"provider_reference" text,
	"payment_url" text,
	"shipping_address" jsonb,
	"buyer_email" text,
	"language" text DEFAULT 'da' NOT NULL,
	"immediate_start_consent_at" timestamp with time zone,
	"receipt_number" integer,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"pseudonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"object_reference" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"region" text NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"plan" text,
	"credits" integer DEFAULT 0 NOT NULL,
	"period_months" integer,
	"renews" boolean DEFAULT false NOT NULL,
	"physical" boolean DEFAULT false NOT NULL,
	"price_minor" integer NOT NULL,
	"vat_rate_percent" integer DEFAULT 25 NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_whole_kroner" CHECK ("products"."price_minor" >= 0 and "products"."price_minor" % 100 = 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_sequences" (
	"region" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"note" text NOT NULL,
	"product_id" uuid,
	"discount_percent" integer,
	"max_redemptions" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by_party_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_batches_grants_one_thing" CHECK (("voucher_batches"."product_id" is null) <> ("voucher_batches"."discount_percent" is null))
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"voucher_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_created_by_party_id_parties_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_batch_id_voucher_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."voucher_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_bike_idx" ON "order_lines" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "orders_party_idx" ON "orders" USING btree ("party_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_number_key" ON "orders" USING btree ("region","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_reference_key" ON "orders" USING btree ("payment_method","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "products_handle_key" ON "products" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "products_region_idx" ON "products" USING btree ("region","position");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_voucher_party_key" ON "voucher_redemptions" USING btree ("voucher_id","party_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_party_idx" ON "voucher_redemptions" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_hash_key" ON "vouchers" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "vouchers_batch_idx" ON "vouchers" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_order_key" ON "subscriptions" USING btree ("order_id") WHERE "subscriptions"."order_id" is not null;
--> statement-breakpoint
-- The catalogue's first prices (issue 15 §1); staff change them later, they are data.
INSERT INTO "products" ("id", "handle", "region", "currency", "kind", "plan", "credits", "period_months", "renews", "physical", "price_minor", "vat_rate_percent", "names", "descriptions", "position") VALUES
  ('019ac15e-0000-7000-8000-000100000001', 'dk-single', 'dk', 'DKK', 'subscription', 'SINGLE', 1, 12, true, false, 14900, 25, '{"da": "Abonnement: 1 cykel", "en": "Subscription: 1 bike", "no": "Abonnement: 1 sykkel"}'::jsonb, '{"da": "Registrering af én cykel i et år, fornyes årligt. Kan opsiges når som helst til periodens udløb.", "en": "Registration of one bike for a year, renewed yearly. Cancel at any time before the period ends.", "no": "Registrering av én sykkel i et år, fornyes årlig. Kan sies opp når som helst til periodens slutt."}'::jsonb, 1),
  ('019ac15e-0000-7000-8000-000100000002', 'dk-family', 'dk', 'DKK', 'subscription', 'FAMILY', 4, 12, true, false, 29900, 25, '{"da": "Familieabonnement: 4 cykler", "en": "Family subscription: 4 bikes", "no": "Familieabonnement: 4 sykler"}'::jsonb, '{"da": "Fire registreringer til husstanden i et år, fornyes årligt.", "en": "Four registrations for the household for a year, renewed yearly.", "no": "Fire registreringer for husstanden i et år, fornyes årlig."}'::jsonb, 2),
  ('019ac15e-0000-7000-8000-000100000003', 'dk-organisation', 'dk', 'DKK', 'subscription', 'ORGANISATION', 1, 12, true, false, 9900, 25, '{"da": "Organisationsabonnement, pr. cykel", "en": "Organisation subscription, per bike", "no": "Organisasjonsabonnement, per sykkel"}'::jsonb, '{"da": "Registreringer til organisationens cykler, betalt pr. cykel pr. år.", "en": "Registrations for the organisation’s bikes, paid per bike per year.", "no": "Registreringer for organisasjonens sykler, betalt per sykkel per år."}'::jsonb, 3),
  ('019ac15e-0000-7000-8000-000100000004', 'dk-registration', 'dk', 'DKK', 'registration', NULL, 1, NULL, false, false, 10000, 25, '{"da": "Ekstra cykelregistrering", "en": "Extra bike registration", "no": "Ekstra sykkelregistrering"}'::jsonb, '{"da": "Én registrering mere, engangsbetaling.", "en": "One more registration, paid once.", "no": "Én registrering til, engangsbetaling."}'::jsonb, 4),
  ('019ac15e-0000-7000-8000-000100000005', 'dk-plates', 'dk', 'DKK', 'plates', NULL, 0, NULL, false, true, 4900, 25, '{"da": "Oblatpakke (3 stk.)", "en": "Plate pack (3)", "no": "Oblatpakke (3 stk.)"}'::jsonb, '{"da": "Tre QR-oblater til cykel og udstyr. Leveres inden for 7–10 hverdage.", "en": "Three QR plates for bike and equipment. Delivered within 7–10 business days.", "no": "Tre QR-oblater til sykkel og utstyr. Leveres innen 7–10 virkedager."}'::jsonb, 5),
  ('019ac15e-0000-7000-8000-000100000006', 'dk-bikedna', 'dk', 'DKK', 'bikedna', NULL, 0, NULL, false, true, 19900, 25, '{"da": "BikeDNA-mærkning", "en": "BikeDNA marking", "no": "BikeDNA-merking"}'::jsonb, '{"da": "Usynlig DNA-mærkning af cyklen, som politiet kan læse i 40 lande.", "en": "Invisible DNA marking of the bike that police can read in 40 countries.", "no": "Usynlig DNA-merking av sykkelen som politiet kan lese i 40 land."}'::jsonb, 6),
  ('019ac15e-0000-7000-8000-000200000001', 'no-single', 'no', 'NOK', 'subscription', 'SINGLE', 1, 12, true, false, 19900, 25, '{"da": "Abonnement: 1 cykel", "en": "Subscription: 1 bike", "no": "Abonnement: 1 sykkel"}'::jsonb, '{"da": "Registrering af én cykel i et år, fornyes årligt. Kan opsiges når som helst til periodens udløb.", "en": "Registration of one bike for a year, renewed yearly. Cancel at any time before the period ends.", "no": "Registrering av én sykkel i et år, fornyes årlig. Kan sies opp når som helst til periodens slutt."}'::jsonb, 1),
  ('019ac15e-0000-7000-8000-000200000002', 'no-family', 'no', 'NOK', 'subscription', 'FAMILY', 4, 12, true, false, 39900, 25, '{"da": "Familieabonnement: 4 cykler", "en": "Family subscription: 4 bikes", "no": "Familieabonnement: 4 sykler"}'::jsonb, '{"da": "Fire registreringer til husstanden i et år, fornyes årligt.", "en": "Four registrations for the household for a year, renewed yearly.", "no": "Fire registreringer for husstanden i et år, fornyes årlig."}'::jsonb, 2),
  ('019ac15e-0000-7000-8000-000200000003', 'no-organisation', 'no', 'NOK', 'subscription', 'ORGANISATION', 1, 12, true, false, 12900, 25, '{"da": "Organisationsabonnement, pr. cykel", "en": "Organisation subscription, per bike", "no": "Organisasjonsabonnement, per sykkel"}'::jsonb, '{"da": "Registreringer til organisationens cykler, betalt pr. cykel pr. år.", "en": "Registrations for the organisation’s bikes, paid per bike per year.", "no": "Registreringer for organisasjonens sykler, betalt per sykkel per år."}'::jsonb, 3),
  ('019ac15e-0000-7000-8000-000200000004', 'no-registration', 'no', 'NOK', 'registration', NULL, 1, NULL, false, false, 10000, 25, '{"da": "Ekstra cykelregistrering", "en": "Extra bike registration", "no": "Ekstra sykkelregistrering"}'::jsonb, '{"da": "Én registrering mere, engangsbetaling.", "en": "One more registration, paid once.", "no": "Én registrering til, engangsbetaling."}'::jsonb, 4),
  ('019ac15e-0000-7000-8000-000200000005', 'no-plates', 'no', 'NOK', 'plates', NULL, 0, NULL, false, true, 6900, 25, '{"da": "Oblatpakke (3 stk.)", "en": "Plate pack (3)", "no": "Oblatpakke (3 stk.)"}'::jsonb, '{"da": "Tre QR-oblater til cykel og udstyr. Leveres inden for 7–10 hverdage.", "en": "Three QR plates for bike and equipment. Delivered within 7–10 business days.", "no": "Tre QR-oblater til sykkel og utstyr. Leveres innen 7–10 virkedager."}'::jsonb, 5),
  ('019ac15e-0000-7000-8000-000200000006', 'no-bikedna', 'no', 'NOK', 'bikedna', NULL, 0, NULL, false, true, 24900, 25, '{"da": "BikeDNA-mærkning", "en": "BikeDNA marking", "no": "BikeDNA-merking"}'::jsonb, '{"da": "Usynlig DNA-mærkning af cyklen, som politiet kan læse i 40 lande.", "en": "Invisible DNA marking of the bike that police can read in 40 countries.", "no": "Usynlig DNA-merking av sykkelen som politiet kan lese i 40 land."}'::jsonb, 6);
--> statement-breakpoint
INSERT INTO "receipt_sequences" ("region", "last_number") VALUES ('dk', 0), ('no', 0);
