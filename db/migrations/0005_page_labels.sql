ALTER TABLE "chunks" ADD COLUMN "page_label_start" text;--> statement-breakpoint
ALTER TABLE "chunks" ADD COLUMN "page_label_end" text;