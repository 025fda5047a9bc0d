/** Why a post of the comments failed, said below the control that sent it; nothing while it has not. */
export function PostFailure({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="text-sm text-(--color-red)">
      {message}
    </p>
  ) : null
}
