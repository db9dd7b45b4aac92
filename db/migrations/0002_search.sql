CREATE TABLE "chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"kind" text NOT NULL,
	"section" text,
	"section_title" text,
	"heading_path" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"edition" text,
	"page_start" integer,
	"page_end" integer,
	"url" text,
	"refs" text[] DEFAULT '{}'::text[] NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"embedding" vector,
	"embedding_model" text,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(section, '') || ' ' || coalesce(section_title, '')), 'A') || setweight(to_tsvector('english'::regconfig, heading_path), 'B') || setweight(to_tsvector('english'::regconfig, text), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"document" text NOT NULL,
	"edition" text,
	"url" text,
	"content_hash" text NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedding_models" (
	"name" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"dimensions" integer NOT NULL,
	"training_hash" text NOT NULL,
	"model" jsonb NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chunks_document_idx" ON "chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "chunks_tsv_idx" ON "chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "chunks_refs_idx" ON "chunks" USING gin ("refs");--> statement-breakpoint
CREATE INDEX "chunks_section_idx" ON "chunks" USING btree ("section");--> statement-breakpoint
CREATE INDEX "documents_source_idx" ON "documents" USING btree ("source");