CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_ms" bigint NOT NULL,
	"hits" integer NOT NULL
);
