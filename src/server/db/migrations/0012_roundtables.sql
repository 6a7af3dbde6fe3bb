CREATE TABLE "roundtables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"format" text NOT NULL,
	"question" text NOT NULL,
	"executive_roles" text[] NOT NULL,
	"industry" text NOT NULL,
	"user_role" text NOT NULL,
	"max_rounds" integer NOT NULL,
	"address_to" text,
	"follow_up_of" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"stop_reason" text,
	"token_budget" integer NOT NULL,
	"tokens_used" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "roundtable_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "roundtable_round" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "stance" jsonb;--> statement-breakpoint
ALTER TABLE "roundtables" ADD CONSTRAINT "roundtables_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roundtables" ADD CONSTRAINT "roundtables_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roundtables_session_idx" ON "roundtables" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "roundtables_running_idx" ON "roundtables" USING btree ("status") WHERE "roundtables"."status" = 'running';--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_roundtable_id_roundtables_id_fk" FOREIGN KEY ("roundtable_id") REFERENCES "public"."roundtables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_roundtable_idx" ON "chat_messages" USING btree ("roundtable_id") WHERE "chat_messages"."roundtable_id" is not null;