CREATE TABLE "content_page_texts" (
	"page" text NOT NULL,
	"language" text NOT NULL,
	"heading" text NOT NULL,
	"lead" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_page_texts_page_language_pk" PRIMARY KEY("page","language")
);
