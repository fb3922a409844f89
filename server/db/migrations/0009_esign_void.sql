-- Officers who leave take their signatures with them (issue 29): when an application's primary or secondary
-- officer changes, the envelopes naming the officer who left are voided (server/graphql/resolvers/officerChange.ts).
-- `voided_at` is the portal's own mark: a voided row never counts as signed, whatever its provider answers later
-- (a provider may fail to void, or a signature may race the void); NULL while the envelope stands. A new envelope
-- replaces a voided one as it replaces a declined or expired one (`replaces`, migration 0007).
ALTER TABLE signing_envelopes ADD COLUMN voided_at timestamptz;
-- The sandbox provider's void: why (DocuSign's voidedReason), shown on its signing page. NULL unless voided.
ALTER TABLE esign_sandbox_envelopes ADD COLUMN voided_reason text;
