CREATE TABLE "cabinet_document_stats" (
	"cabinet_id" uuid PRIMARY KEY NOT NULL,
	"document_count" bigint DEFAULT 0 NOT NULL
);
