/** The floating chat button and window (mounted once by the shell). Filled in by the chat feature. */
export function ChatLauncher() {
  return null
}
