CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"user_role" text,
	"executive_role" text,
	"document_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"like" integer,
	"dislike" integer,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"model" text,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"error" text,
	CONSTRAINT "chat_messages_role_check" CHECK ("chat_messages"."role" in ('user', 'assistant', 'system')),
	CONSTRAINT "chat_messages_status_check" CHECK ("chat_messages"."status" in ('streaming', 'complete', 'failed', 'stopped')),
	CONSTRAINT "chat_messages_like_check" CHECK ("chat_messages"."like" is null or "chat_messages"."like" = 1),
	CONSTRAINT "chat_messages_dislike_check" CHECK ("chat_messages"."dislike" is null or "chat_messages"."dislike" = -1)
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"executive_role" text NOT NULL,
	"industry" text NOT NULL,
	"user_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_session_timestamp_idx" ON "chat_messages" USING btree ("session_id","timestamp");--> statement-breakpoint
CREATE INDEX "chat_messages_streaming_idx" ON "chat_messages" USING btree ("status") WHERE "chat_messages"."status" = 'streaming';--> statement-breakpoint
CREATE INDEX "chat_sessions_user_updated_idx" ON "chat_sessions" USING btree ("user_id","updated_at" DESC NULLS LAST);