-- A refused upload spends its URL (server/files/fileService.ts): its row becomes `refused`, takes no further
-- bytes and holds no place in the upload limits (server/files/uploadLimits.ts).
ALTER TABLE files DROP CONSTRAINT files_status_check;
ALTER TABLE files ADD CONSTRAINT files_status_check CHECK (status IN ('pending', 'uploaded', 'refused'));
