/** Shared by the placeholder badge and the widget, so the header does not shift when the widget takes over. */
export const walletBadgeClassName =
  'inline-flex min-w-[6.5rem] items-center justify-center rounded-full border border-border bg-shade px-3 py-1 text-sm font-semibold tabular-nums text-text shadow-sm transition-colors hover:border-highlight hover:text-highlight'
