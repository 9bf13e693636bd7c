-- Bulk imports: a file's rows kept between the preview and the job that writes them, one outcome a row.
CREATE TABLE "import_rows" (
	"import_id" bigint NOT NULL,
	"business_id" bigint NOT NULL,
	"row" integer NOT NULL,
	"values" jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_key" text,
	"existing_id" bigint,
	"skip" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"outcome_message" text,
	"result_id" bigint,
	CONSTRAINT "import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'PREVIEW' NOT NULL,
	"existing" text DEFAULT 'SKIP' NOT NULL,
	"total_rows" integer NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_rows_pending_idx" ON "import_rows" USING btree ("import_id","row") WHERE outcome is null;--> statement-breakpoint
CREATE INDEX "import_rows_match_idx" ON "import_rows" USING btree ("import_id","match_key");--> statement-breakpoint
CREATE INDEX "imports_business_idx" ON "imports" USING btree ("business_id","id");