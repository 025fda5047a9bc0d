/** The chat launcher the shell shows; the chat window loads when it is opened. */
export { ChatLauncher } from './chat-launcher'
