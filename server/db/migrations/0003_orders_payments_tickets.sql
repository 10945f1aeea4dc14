CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"place_ar" text NOT NULL,
	"place_en" text NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ticket_price" numeric(14, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	"image" text NOT NULL,
	"seats" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "events_slug_unique" UNIQUE("slug"),
	CONSTRAINT "events_seats_check" CHECK ("events"."seats" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"event_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"total_price" numeric(14, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	"ticket_number" text,
	"status_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_purchases_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "ticket_purchases_ticket_number_unique" UNIQUE("ticket_number"),
	CONSTRAINT "ticket_purchases_quantity_check" CHECK ("ticket_purchases"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_movements" ADD COLUMN "ticket_purchase_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_currency_id_codes_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD CONSTRAINT "ticket_purchases_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD CONSTRAINT "ticket_purchases_currency_id_codes_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD CONSTRAINT "ticket_purchases_status_id_codes_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_purchases_event_idx" ON "ticket_purchases" USING btree ("event_id","status_id");--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_ticket_purchase_id_ticket_purchases_id_fk" FOREIGN KEY ("ticket_purchase_id") REFERENCES "public"."ticket_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_movements_star_order_idx" ON "payment_movements" USING btree ("star_order_id");--> statement-breakpoint
CREATE INDEX "payment_movements_announcement_order_idx" ON "payment_movements" USING btree ("announcement_order_id");--> statement-breakpoint
CREATE INDEX "payment_movements_ticket_purchase_idx" ON "payment_movements" USING btree ("ticket_purchase_id");