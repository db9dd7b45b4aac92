-- Cheaper retrieval statements (docs/decisions/018). Same rows, same answers; only how they are stored.
--
-- A chunk row is kept whole in the table up to 4 KB: by default PostgreSQL moves a row's largest value out
-- of line (TOAST) once the row passes 2 KB, and with 256-dimension vectors that was the embedding of nearly
-- every chunk, so the vector scan of every search fetched each one back through the TOAST index (three
-- quarters of the retrieval statement's time on PostgreSQL).
ALTER TABLE "chunks" SET (toast_tuple_target = 4080);--> statement-breakpoint
-- Rows already stored keep their layout until written again: the same values, written again (a vector's
-- text form reads back as the same vector; `text` is rewritten so that the generated tsvector is too).
UPDATE "chunks" SET "embedding" = "embedding"::text::vector, "text" = "text" || '';--> statement-breakpoint
-- GIN indexes take new entries into a pending list that only VACUUM merges. PGlite never vacuums on its
-- own, so after an ingest its full-text index stayed a list to read through, and the planner scanned the
-- whole table instead. Entries now go straight into the index (an ingest writes a few thousand rows at most).
ALTER INDEX "chunks_tsv_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "chunks_refs_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('chunks_tsv_idx'::regclass), gin_clean_pending_list('chunks_refs_idx'::regclass);
