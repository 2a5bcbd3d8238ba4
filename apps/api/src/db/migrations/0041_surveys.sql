CREATE TABLE "survey_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"survey_id" uuid NOT NULL,
	"party_id" uuid,
	"home_postcode" text,
	"work_postcode" text,
	"home_grid_cell" text,
	"work_grid_cell" text,
	"workplace_id" uuid,
	"days" jsonb,
	"legs" jsonb,
	"would_cycle_more_with_parking" boolean,
	"would_cycle_more_with_dock" boolean,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_party_id" uuid NOT NULL,
	"title" text NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"workplaces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_organisation_party_id_parties_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_person_key" ON "survey_answers" USING btree ("survey_id","party_id") WHERE "survey_answers"."party_id" is not null;--> statement-breakpoint
CREATE INDEX "survey_answers_party_idx" ON "survey_answers" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "surveys_organisation_idx" ON "surveys" USING btree ("organisation_party_id","created_at");