CREATE TABLE "flow_walks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"flow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"party_id" uuid,
	"token_hash" text NOT NULL,
	"answers" jsonb NOT NULL,
	"reached" text[] NOT NULL,
	"completed" text[] NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_walks" ADD CONSTRAINT "flow_walks_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_walks" ADD CONSTRAINT "flow_walks_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_walks_flow_version_idx" ON "flow_walks" USING btree ("flow_id","version");--> statement-breakpoint
CREATE INDEX "flow_walks_party_idx" ON "flow_walks" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "flow_walks_updated_at_idx" ON "flow_walks" USING btree ("updated_at");