-- A keyed change's answer that is not text (a PDF of activation cards) is kept base64, and said so,
-- so that a repeat gets the same file back (plugins/idempotency.ts).
ALTER TABLE "idempotency_keys" ADD COLUMN "body_encoding" text;
