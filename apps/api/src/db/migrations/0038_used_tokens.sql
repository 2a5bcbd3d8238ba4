CREATE TABLE "used_tokens" (
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "used_tokens_purpose_token_hash_pk" PRIMARY KEY("purpose","token_hash")
);
--> statement-breakpoint
CREATE INDEX "used_tokens_expires_idx" ON "used_tokens" USING btree ("expires_at");