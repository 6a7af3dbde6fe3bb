CREATE TABLE "document_pins" (
	"user_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_pins_user_id_document_id_pk" PRIMARY KEY("user_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "outcome_fact_id" uuid;--> statement-breakpoint
ALTER TABLE "document_pins" ADD CONSTRAINT "document_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_pins" ADD CONSTRAINT "document_pins_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_pins_document_idx" ON "document_pins" USING btree ("document_id");--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_outcome_fact_id_company_facts_id_fk" FOREIGN KEY ("outcome_fact_id") REFERENCES "public"."company_facts"("id") ON DELETE set null ON UPDATE no action;