// The sign-in feature's public part: the shell's sign-in dialog (its code is fetched on first use).
export { LoginDialogProvider } from './login-dialog-provider'
