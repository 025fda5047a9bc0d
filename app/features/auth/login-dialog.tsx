/** The body of the modal sign-in dialog the shell opens from "Login". Filled in by the accounts feature. */
export function LoginForm({ onCancel }: { onCancel: () => void }) {
  return (
    <div>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}
