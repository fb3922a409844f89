/** Modal dialogs on the native `<dialog>` element (README: 'Dialogs'). Import from here, not the runtime's index, so the dialog stays out of the first chunk. */
export { ModalDialog, type ModalDialogProps } from './ModalDialog';
