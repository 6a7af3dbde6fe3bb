CREATE TABLE "decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"message_id" uuid,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"owner" text,
	"due_date" date,
	"follow_up_on" date,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"followed_up_at" timestamp with time zone,
	CONSTRAINT "decisions_kind_check" CHECK ("decisions"."kind" in ('decision', 'action')),
	CONSTRAINT "decisions_status_check" CHECK ("decisions"."status" in ('open', 'done', 'dropped'))
);
--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decisions_user_status_follow_up_idx" ON "decisions" USING btree ("user_id","status","follow_up_on");