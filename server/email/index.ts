/** E-mail outbox and the demo mailbox page. */
export { createOutbox, type EmailAttachment, type EmailOutbox, type OutgoingEmail } from './outbox';
export { devMailbox } from './devMailbox';
