CREATE TABLE "region_page_texts" (
	"page_id" uuid NOT NULL,
	"language" text NOT NULL,
	"draft_title" text,
	"draft_description" text,
	"draft_body" text,
	"draft_updated_at" timestamp with time zone,
	"published_title" text,
	"published_description" text,
	"published_body" text,
	"published_at" timestamp with time zone,
	CONSTRAINT "region_page_texts_page_id_language_pk" PRIMARY KEY("page_id","language")
);
--> statement-breakpoint
CREATE TABLE "region_pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "region_page_texts" ADD CONSTRAINT "region_page_texts_page_id_region_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."region_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "region_pages_region_path_key" ON "region_pages" USING btree ("region","path");