-- Attachments of queued e-mail (issue 32: the lease documents sendWetSignatureEmail sends, spec 000 s7). A sender
-- (SMTP, API) attaches them in `position` order; /dev/mailbox lists them with a download link each.
CREATE TABLE outbox_attachments (
  outbox_id uuid NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
  position integer NOT NULL,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  content_base64 text NOT NULL,
  PRIMARY KEY (outbox_id, position)
);
