import katexStylesheet from 'katex/dist/katex.min.css?url'
import { useEffect, useRef, useState, type TextareaHTMLAttributes } from 'react'
import { Form, Link, useFetcher, useNavigation } from 'react-router'
import { blogPostSchema } from '../../../lib/blog/blog-post-schema'
import { slugify } from '../../../lib/blog/slugify'
import { Field, focusFirstInvalid, TextareaField } from '../../components/forms'
import { buttonClass, cardClass, secondaryButtonClass } from '../../components/portal/styles'
import { ImageInserter } from './image-inserter'

export interface EditedPost {
  id: string
  title: string | null
  slug: string
  summary: string | null
  content: string | null
  image: string | null
  status: 'draft' | 'published'
}

export interface EditorResult {
  intent: string
  ok: boolean
  message?: string
  fieldErrors?: Record<string, string[]>
  preview?: { html: string; hasMaths: boolean }
}

/** How long typing pauses before the preview is rendered again. */
const PREVIEW_DELAY_MS = 350

/**
 * The consultancy's post editor: title, address, summary and the Markdown text, with a live preview
 * rendered by the server's own renderer (so it is exactly what readers will see), pictures uploaded
 * into the post's folder, and Save draft, Publish or Unpublish, and Delete. The address follows the
 * title until it is edited by hand; a published post's earlier address keeps working (a redirect).
 */
export function PostEditor({ post, result, maxUploadBytes }: { post: EditedPost; result?: EditorResult; maxUploadBytes: number }) {
  const navigation = useNavigation()
  const preview = useFetcher<EditorResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const contentRef = useRef<HTMLTextAreaElement>(null)
  const [title, setTitle] = useState(post.title ?? '')
  const [slug, setSlug] = useState(post.slug)
  const [content, setContent] = useState(post.content ?? '')
  const [localErrors, setLocalErrors] = useState<Record<string, string[]> | null>(null)
  const busy = navigation.state !== 'idle'
  const errors = localErrors ?? (result && !result.ok ? result.fieldErrors : undefined)

  // The preview follows the text, once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => preview.submit({ intent: 'preview', content }, { method: 'post' }), PREVIEW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [content])

  useEffect(() => {
    if (result && !result.ok) focusFirstInvalid(formRef.current)
  }, [result])

  function insertAtCursor(markdown: string) {
    const area = contentRef.current
    const start = area?.selectionStart ?? content.length
    const end = area?.selectionEnd ?? content.length
    const before = content.slice(0, start)
    const block = `${before && !before.endsWith('\n\n') ? (before.endsWith('\n') ? '\n' : '\n\n') : ''}${markdown}\n\n`
    setContent(before + block + content.slice(end))
  }

  const shown = preview.data?.preview
  return (
    <div className="space-y-6">
      {shown?.hasMaths || content.includes('$') ? <link rel="stylesheet" href={katexStylesheet} precedence="equations" /> : null}
      <Form
        ref={formRef}
        method="post"
        noValidate
        className={`${cardClass} space-y-4`}
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
          if (submitter?.value === 'unpublish') return
          const parsed = blogPostSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
          if (parsed.success) return setLocalErrors(null)
          event.preventDefault()
          const found: Record<string, string[]> = {}
          for (const issue of parsed.error.issues) (found[String(issue.path[0])] ??= []).push(issue.message)
          setLocalErrors(found)
          requestAnimationFrame(() => focusFirstInvalid(formRef.current))
        }}
      >
        <p className="text-sm">
          Status: <strong>{post.status === 'published' ? 'Published' : 'Draft (only admins see it)'}</strong>
          {post.status === 'published' ? (
            <>
              {' · '}
              <Link to={`/blog/${post.slug}`} className="text-(--color-link) underline">
                View the post
              </Link>
            </>
          ) : null}
        </p>
        <Field
          label="Title"
          errors={errors?.title}
          inputProps={{
            name: 'title',
            value: title,
            required: true,
            onChange: (event) => {
              const next = event.currentTarget.value
              // The address follows the title while it is still the one the title made.
              if (slug === slugify(title) || slug === '') setSlug(slugify(next))
              setTitle(next)
            },
          }}
        />
        <Field
          label="Address"
          hint={`/blog/${slug || slugify(title) || '…'}: lower-case letters, digits and hyphens. Changing it keeps the old address working.`}
          errors={errors?.slug}
          inputProps={{ name: 'slug', value: slug, onChange: (event) => setSlug(event.currentTarget.value) }}
        />
        <TextareaField label="Summary" hint="One or two sentences for the list of posts, the feed and search results." errors={errors?.summary} textareaProps={{ name: 'summary', rows: 2, defaultValue: post.summary ?? '' }} />
        <input type="hidden" name="image" value={post.image ?? ''} />
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="space-y-3">
            <TextareaField
              label="Text (Markdown)"
              hint="## for a section, ``` for code (```python), $…$ and $$…$$ for maths, [words](https://…) for a link."
              errors={errors?.content}
              textareaProps={{ name: 'content', rows: 24, value: content, onChange: (event) => setContent(event.currentTarget.value), className: 'font-mono text-sm', ref: contentRef } as TextareaHTMLAttributes<HTMLTextAreaElement>}
            />
            <ImageInserter postId={post.id} maxUploadBytes={maxUploadBytes} onInsert={insertAtCursor} />
          </div>
          <section aria-labelledby="preview-heading" aria-live="polite" className="min-w-0 rounded-md border border-(--color-border) p-4">
            <h2 id="preview-heading" className="mb-3 text-sm font-semibold uppercase tracking-wide text-(--color-light)">
              Preview
            </h2>
            {shown ? <div className="blog-prose" data-testid="preview" dangerouslySetInnerHTML={{ __html: shown.html }} /> : <p className="text-(--color-light)">Rendering…</p>}
          </section>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" name="intent" value="save" className={secondaryButtonClass} disabled={busy}>
            Save draft
          </button>
          {post.status === 'published' ? (
            <>
              <button type="submit" name="intent" value="publish" className={buttonClass} disabled={busy}>
                Save and update
              </button>
              <button type="submit" name="intent" value="unpublish" className={secondaryButtonClass} disabled={busy}>
                Unpublish
              </button>
            </>
          ) : (
            <button type="submit" name="intent" value="publish" className={buttonClass} disabled={busy}>
              Publish
            </button>
          )}
          {result ? (
            <p role={result.ok ? 'status' : 'alert'} className={`text-sm font-semibold ${result.ok ? 'text-(--color-green)' : 'text-error'}`}>
              {result.ok ? result.message : (result.message ?? 'The post could not be saved')}
            </p>
          ) : null}
        </div>
      </Form>
      <DeletePost />
    </div>
  )
}

function DeletePost() {
  const [confirming, setConfirming] = useState(false)
  return (
    <Form method="post" className="flex items-center gap-3">
      <input type="hidden" name="intent" value="delete" />
      {confirming ? (
        <>
          <span>Are you sure? The post, its comments and its pictures go.</span>
          <button type="submit" className={secondaryButtonClass}>
            Yes
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
            No!
          </button>
        </>
      ) : (
        <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
          Delete post
        </button>
      )}
    </Form>
  )
}
