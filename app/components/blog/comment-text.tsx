import { commentParts } from '../../../lib/blog/comment-links'

/**
 * A comment's words as text (React escapes them), its web addresses as links that pass no ranking and
 * no referrer to where they lead: `nofollow ugc` for search engines, `noopener` for the browser.
 */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="mt-2 whitespace-pre-line break-words leading-relaxed">
      {commentParts(text).map((part, i) =>
        'href' in part ? (
          <a key={i} href={part.href} rel="nofollow ugc noopener noreferrer" className="text-(--color-link) underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  )
}
