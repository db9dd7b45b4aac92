CREATE TABLE "ingest_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"status" text NOT NULL,
	"progress" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ingest_jobs_created_idx" ON "ingest_jobs" USING btree ("created_at");