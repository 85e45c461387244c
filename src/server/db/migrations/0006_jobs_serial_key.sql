-- Jobs with the same serial key (one order's Shopify jobs) never run at once: the claim skips a job whose key
-- is held by a running job, and this index refuses a second running job of a key (ADR 0025).
ALTER TABLE "jobs" ADD COLUMN "serial_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_running_per_serial_key" ON "jobs" USING btree ("serial_key") WHERE "jobs"."state" = 'running';