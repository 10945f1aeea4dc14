CREATE TABLE "vehicle_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"reporter_id" integer,
	"reason_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"client" text NOT NULL,
	"status_id" integer NOT NULL,
	"message_replay" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"notify_by_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_reports" ADD CONSTRAINT "vehicle_reports_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_reports" ADD CONSTRAINT "vehicle_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_reports" ADD CONSTRAINT "vehicle_reports_reason_id_codes_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_reports" ADD CONSTRAINT "vehicle_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_reports_status_idx" ON "vehicle_reports" USING btree ("status_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vehicle_reports_vehicle_idx" ON "vehicle_reports" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_reports_client_idx" ON "vehicle_reports" USING btree ("client","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vehicles_published_idx" ON "vehicles" USING btree ("status_id","published_at" DESC NULLS LAST);--> statement-breakpoint
-- Vehicles already on display were published when they were listed, as far as is known.
UPDATE "vehicles" SET "published_at" = "created_at" WHERE "status_id" IN (96, 99);
