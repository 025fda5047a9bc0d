import { cn } from '../ui/cn'

/** How many messages of a job wait to be read: a badge that says so in words, or a quiet 0. */
export function UnreadCount({ count, className }: { count: number; className?: string }) {
  if (count === 0) return <span className="text-(--color-light)">0</span>
  return (
    <span className={cn('rounded-full bg-(--color-highlight) px-2 py-0.5 font-semibold text-(--color-background)', className)} aria-label={`${count} unread message${count === 1 ? '' : 's'}`}>
      {count}
    </span>
  )
}
