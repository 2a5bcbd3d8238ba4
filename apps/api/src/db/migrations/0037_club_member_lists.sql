CREATE TABLE "club_member_numbers" (
	"club" text NOT NULL,
	"member_number" text NOT NULL,
	CONSTRAINT "club_member_numbers_club_member_number_pk" PRIMARY KEY("club","member_number")
);
--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "member_list_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "club_member_numbers" ADD CONSTRAINT "club_member_numbers_club_clubs_slug_fk" FOREIGN KEY ("club") REFERENCES "public"."clubs"("slug") ON DELETE no action ON UPDATE no action;