-- The business calendar: working hours per business, its own days off and the public holidays it does not keep, and each country's public holidays of a year as first worked out
CREATE TABLE "business_calendars" (
	"business_id" bigint PRIMARY KEY NOT NULL,
	"country_code" text,
	"week" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_holidays" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"name_en" text,
	"name_ar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_holiday_years" (
	"country_code" text NOT NULL,
	"year" integer NOT NULL,
	"days" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_holiday_years_country_code_year_pk" PRIMARY KEY("country_code","year")
);
--> statement-breakpoint
ALTER TABLE "business_calendars" ADD CONSTRAINT "business_calendars_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_holidays" ADD CONSTRAINT "business_holidays_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_holidays_business_date_kind_key" ON "business_holidays" USING btree ("business_id","date","kind");