/** Class names shared by the dashboard's controls (theme colours come from the CSS variables). */
const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--color-highlight)'

export const buttonClass = `inline-flex items-center justify-center rounded-md bg-(--color-highlight) px-4 py-2 font-medium text-(--color-background) hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-70 ${focus}`
export const secondaryButtonClass = `inline-flex items-center justify-center rounded-md border border-(--color-border) px-3 py-1.5 text-sm text-(--color-text) hover:bg-(--color-shade) disabled:cursor-not-allowed disabled:opacity-70 ${focus}`
export const dangerButtonClass = `inline-flex items-center justify-center rounded-md bg-error px-4 py-2 font-medium text-[#3b0a04] hover:brightness-105 ${focus}`
export const inputClass = `w-full rounded-md border border-(--color-border) bg-(--color-background) px-3 py-2 text-(--color-text) placeholder:text-(--color-light) aria-[invalid=true]:border-error ${focus}`
export const labelClass = 'block text-sm font-medium text-(--color-light)'
export const cardClass = 'rounded-lg border border-(--color-border) bg-(--color-foreground) p-5'
export const cardTitleClass = 'mb-4 text-xl font-semibold'
export const linkButtonClass = `text-sm text-(--color-link) underline hover:no-underline ${focus}`
