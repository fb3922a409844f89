-- Upload limits (server/files/uploadLimits.ts): the record slot a file was asked for, and the indexes
-- the per-application, per-owner and per-slot counts read.
ALTER TABLE files ADD COLUMN slot text;
CREATE INDEX files_application_idx ON files (application_id, created_at);
CREATE INDEX files_owner_idx ON files (owner_user_id, created_at) WHERE application_id IS NULL;
