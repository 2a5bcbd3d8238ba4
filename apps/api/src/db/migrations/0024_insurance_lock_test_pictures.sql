CREATE TABLE "insurance_lock_test_pictures" (
	"lock_test_id" uuid NOT NULL,
	"bike_file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "insurance_lock_test_pictures_lock_test_id_bike_file_id_pk" PRIMARY KEY("lock_test_id","bike_file_id")
);
--> statement-breakpoint
ALTER TABLE "insurance_lock_test_pictures" ADD CONSTRAINT "insurance_lock_test_pictures_lock_test_id_insurance_lock_tests_id_fk" FOREIGN KEY ("lock_test_id") REFERENCES "public"."insurance_lock_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_lock_test_pictures" ADD CONSTRAINT "insurance_lock_test_pictures_bike_file_id_bike_files_id_fk" FOREIGN KEY ("bike_file_id") REFERENCES "public"."bike_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_lock_test_pictures_file_idx" ON "insurance_lock_test_pictures" USING btree ("bike_file_id");