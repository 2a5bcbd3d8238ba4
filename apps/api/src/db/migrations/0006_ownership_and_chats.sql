CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chat_id" uuid NOT NULL,
	"sender_party_id" uuid,
	"kind" text NOT NULL,
	"content" text,
	"system_event" text,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_participants" (
	"chat_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"role" text NOT NULL,
	"is_name_visible" boolean DEFAULT true NOT NULL,
	"last_read_message_id" uuid,
	"last_notified_message_id" uuid,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_participants_chat_id_party_id_pk" PRIMARY KEY("chat_id","party_id")
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"bike_id" uuid,
	"transfer_id" uuid,
	"request_id" uuid,
	"started_by_party_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ownership_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bike_id" uuid,
	"requester_party_id" uuid NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ownership_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bike_id" uuid,
	"from_ownership_id" uuid,
	"sender_party_id" uuid NOT NULL,
	"created_by_party_id" uuid,
	"recipient_email" text NOT NULL,
	"recipient_party_id" uuid,
	"code_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_id" uuid,
	"to_ownership_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_party_id" uuid
);
--> statement-breakpoint
CREATE TABLE "ownership_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bike_id" uuid NOT NULL,
	"ownership_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"frame_number" text,
	"frame_picture_id" uuid,
	"proof_file_id" uuid,
	"note" text,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_party_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_party_id_parties_id_fk" FOREIGN KEY ("sender_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_transfer_id_ownership_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ownership_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_transfer_id_ownership_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ownership_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_request_id_ownership_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."ownership_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_started_by_party_id_parties_id_fk" FOREIGN KEY ("started_by_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_requests" ADD CONSTRAINT "ownership_requests_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_requests" ADD CONSTRAINT "ownership_requests_requester_party_id_parties_id_fk" FOREIGN KEY ("requester_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_requests" ADD CONSTRAINT "ownership_requests_owner_party_id_parties_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_from_ownership_id_bike_ownerships_id_fk" FOREIGN KEY ("from_ownership_id") REFERENCES "public"."bike_ownerships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_sender_party_id_parties_id_fk" FOREIGN KEY ("sender_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_created_by_party_id_parties_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_recipient_party_id_parties_id_fk" FOREIGN KEY ("recipient_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_to_ownership_id_bike_ownerships_id_fk" FOREIGN KEY ("to_ownership_id") REFERENCES "public"."bike_ownerships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_decided_by_party_id_parties_id_fk" FOREIGN KEY ("decided_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_verifications" ADD CONSTRAINT "ownership_verifications_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_verifications" ADD CONSTRAINT "ownership_verifications_ownership_id_bike_ownerships_id_fk" FOREIGN KEY ("ownership_id") REFERENCES "public"."bike_ownerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_verifications" ADD CONSTRAINT "ownership_verifications_frame_picture_id_bike_files_id_fk" FOREIGN KEY ("frame_picture_id") REFERENCES "public"."bike_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_verifications" ADD CONSTRAINT "ownership_verifications_proof_file_id_bike_files_id_fk" FOREIGN KEY ("proof_file_id") REFERENCES "public"."bike_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_verifications" ADD CONSTRAINT "ownership_verifications_decided_by_party_id_parties_id_fk" FOREIGN KEY ("decided_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_chat_idx" ON "chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE INDEX "chat_participants_party_idx" ON "chat_participants" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_transfer_key" ON "chats" USING btree ("transfer_id") WHERE "chats"."transfer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_request_key" ON "chats" USING btree ("request_id") WHERE "chats"."request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_bike_starter_key" ON "chats" USING btree ("bike_id","started_by_party_id") WHERE "chats"."subject_kind" = 'bike';--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_requests_open_key" ON "ownership_requests" USING btree ("bike_id","requester_party_id") WHERE "ownership_requests"."status" in ('open', 'offered');--> statement-breakpoint
CREATE INDEX "ownership_requests_requester_idx" ON "ownership_requests" USING btree ("requester_party_id","created_at");--> statement-breakpoint
CREATE INDEX "ownership_requests_owner_idx" ON "ownership_requests" USING btree ("owner_party_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_transfers_pending_bike_key" ON "ownership_transfers" USING btree ("bike_id") WHERE "ownership_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ownership_transfers_sender_idx" ON "ownership_transfers" USING btree ("sender_party_id","created_at");--> statement-breakpoint
CREATE INDEX "ownership_transfers_recipient_idx" ON "ownership_transfers" USING btree ("recipient_party_id","created_at");--> statement-breakpoint
CREATE INDEX "ownership_transfers_unbound_email_idx" ON "ownership_transfers" USING btree ("recipient_email") WHERE "ownership_transfers"."recipient_party_id" is null and "ownership_transfers"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_transfers_code_hash_key" ON "ownership_transfers" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_verifications_ownership_key" ON "ownership_verifications" USING btree ("ownership_id");--> statement-breakpoint
CREATE INDEX "ownership_verifications_queue_idx" ON "ownership_verifications" USING btree ("submitted_at") WHERE "ownership_verifications"."status" = 'submitted';