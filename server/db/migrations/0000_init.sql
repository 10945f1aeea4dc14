CREATE TABLE "brand_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"image" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codes" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"value" numeric(12, 2),
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "constants" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"value_st" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interface_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"group_id" integer NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"body_ar" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interface_items_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "site_contact" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"image" text,
	"mobile" text NOT NULL,
	"email" text,
	"address_state_id" integer,
	"address_city_id" integer,
	"address_info_ar" text DEFAULT '' NOT NULL,
	"address_info_en" text DEFAULT '' NOT NULL,
	"facebook" text,
	"instagram" text,
	"twitter" text,
	"linked_in" text,
	"snapchat" text,
	"tiktok" text,
	"youtube" text
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"user_type" integer NOT NULL,
	CONSTRAINT "permissions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	"allowed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"ssn" text,
	"license_number" text,
	"address_state_id" integer,
	"address_city_id" integer,
	"address_info" text DEFAULT '' NOT NULL,
	"more_info" text DEFAULT '' NOT NULL,
	"image" text,
	"slug" text NOT NULL,
	"status_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_vehicle_id_pk" PRIMARY KEY("user_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_extensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"extension_name" text NOT NULL,
	"extention_value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"path" text NOT NULL,
	"width" integer,
	"height" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"year" integer NOT NULL,
	"meals" integer NOT NULL,
	"body_type_id" integer,
	"color_id" integer,
	"painted_type_id" integer,
	"painted_status_id" integer,
	"specification_id" integer,
	"gear_type_id" integer,
	"oil_type_id" integer,
	"price" numeric(14, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	"image" text NOT NULL,
	"image_360" text,
	"best_three_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status_id" integer NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "announcement_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"announcement_type_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"message_replay" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"bill_image" text,
	"duration_day" integer NOT NULL,
	"daily_price" numeric(14, 2) NOT NULL,
	"total_price" numeric(14, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	"payment_method_id" integer,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"status_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"announcement_order_id" integer,
	"star_order_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	"paid_name" text NOT NULL,
	"paid_email" text NOT NULL,
	"payment_method_id" integer NOT NULL,
	"paying_bill_image" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "star_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"message_replay" text DEFAULT '' NOT NULL,
	"bill_image" text,
	"duration_day" integer NOT NULL,
	"daily_price" numeric(14, 2) NOT NULL,
	"total_price" numeric(14, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	"payment_method_id" integer,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"status_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"route" text NOT NULL,
	"vehicle_id" integer,
	"seller_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_models" ADD CONSTRAINT "brand_models_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interface_items" ADD CONSTRAINT "interface_items_group_id_codes_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_contact" ADD CONSTRAINT "site_contact_address_state_id_states_id_fk" FOREIGN KEY ("address_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_contact" ADD CONSTRAINT "site_contact_address_city_id_cities_id_fk" FOREIGN KEY ("address_city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_user_type_codes_id_fk" FOREIGN KEY ("user_type") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_codes_id_fk" FOREIGN KEY ("user_type") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_address_state_id_states_id_fk" FOREIGN KEY ("address_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_address_city_id_cities_id_fk" FOREIGN KEY ("address_city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_id_codes_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_extensions" ADD CONSTRAINT "vehicle_extensions_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_images" ADD CONSTRAINT "vehicle_images_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_model_id_brand_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."brand_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_body_type_id_codes_id_fk" FOREIGN KEY ("body_type_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_color_id_codes_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_painted_type_id_codes_id_fk" FOREIGN KEY ("painted_type_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_painted_status_id_codes_id_fk" FOREIGN KEY ("painted_status_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_specification_id_codes_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_gear_type_id_codes_id_fk" FOREIGN KEY ("gear_type_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_oil_type_id_codes_id_fk" FOREIGN KEY ("oil_type_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_currency_id_codes_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_status_id_codes_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_orders" ADD CONSTRAINT "announcement_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_orders" ADD CONSTRAINT "announcement_orders_announcement_type_id_codes_id_fk" FOREIGN KEY ("announcement_type_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_orders" ADD CONSTRAINT "announcement_orders_currency_id_codes_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_orders" ADD CONSTRAINT "announcement_orders_payment_method_id_codes_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_orders" ADD CONSTRAINT "announcement_orders_status_id_codes_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_announcement_order_id_announcement_orders_id_fk" FOREIGN KEY ("announcement_order_id") REFERENCES "public"."announcement_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_star_order_id_star_orders_id_fk" FOREIGN KEY ("star_order_id") REFERENCES "public"."star_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_currency_id_codes_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_payment_method_id_codes_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_status_id_codes_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_orders" ADD CONSTRAINT "star_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_orders" ADD CONSTRAINT "star_orders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_orders" ADD CONSTRAINT "star_orders_currency_id_codes_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_orders" ADD CONSTRAINT "star_orders_payment_method_id_codes_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_orders" ADD CONSTRAINT "star_orders_status_id_codes_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_models_brand_idx" ON "brand_models" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "cities_state_idx" ON "cities" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "codes_category_idx" ON "codes" USING btree ("category_id","sort_order");--> statement-breakpoint
CREATE INDEX "interface_items_group_idx" ON "interface_items" USING btree ("group_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("user_type");--> statement-breakpoint
CREATE INDEX "favourites_vehicle_idx" ON "favourites" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_extensions_vehicle_idx" ON "vehicle_extensions" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_images_vehicle_idx" ON "vehicle_images" USING btree ("vehicle_id","sort_order");--> statement-breakpoint
CREATE INDEX "vehicles_status_idx" ON "vehicles" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "vehicles_newest_idx" ON "vehicles" USING btree ("status_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vehicles_owner_idx" ON "vehicles" USING btree ("owner_id","status_id");--> statement-breakpoint
CREATE INDEX "vehicles_brand_model_idx" ON "vehicles" USING btree ("brand_id","model_id");--> statement-breakpoint
CREATE INDEX "vehicles_year_idx" ON "vehicles" USING btree ("year");--> statement-breakpoint
CREATE INDEX "vehicles_price_idx" ON "vehicles" USING btree ("price");--> statement-breakpoint
CREATE INDEX "announcement_orders_active_idx" ON "announcement_orders" USING btree ("announcement_type_id","status_id","end_date");--> statement-breakpoint
CREATE INDEX "announcement_orders_user_idx" ON "announcement_orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_movements_user_idx" ON "payment_movements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "star_orders_active_idx" ON "star_orders" USING btree ("status_id","end_date");--> statement-breakpoint
CREATE INDEX "star_orders_user_idx" ON "star_orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "visits_created_idx" ON "visits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "visits_vehicle_idx" ON "visits" USING btree ("vehicle_id") WHERE "visits"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "visits_seller_idx" ON "visits" USING btree ("seller_id","created_at") WHERE "visits"."seller_id" is not null;