-- The key that signs sign-in tokens when JWT_SECRET is not set, shared by every instance and release.
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
