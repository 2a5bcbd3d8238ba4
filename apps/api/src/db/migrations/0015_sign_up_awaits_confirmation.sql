-- Issue 14: a sign-up answers alike whether the address has an account, so a new account cannot be
-- signed in to by password until its mailed link is followed. Accounts made before keep signing in.
ALTER TABLE "identities" ADD COLUMN "awaiting_sign_up_confirmation" boolean DEFAULT false NOT NULL;
