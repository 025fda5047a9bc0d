import { describe, expect, it } from 'vitest'
import { blogPostSchema, IMAGE_ALT_MESSAGE, IMAGE_SOURCE_MESSAGE, SLUG_MESSAGE } from './blog-post-schema'
import { commentSchema } from './comment-schema'
import { COMMENT_EMPTY_MESSAGE, COMMENT_TOO_LONG_MESSAGE, commentProblem } from './comment-rules'
import { blogRules } from './blog-rules'

const messages = (input: Record<string, unknown>) => blogPostSchema.safeParse(input).error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`) ?? []

describe('blogPostSchema', () => {
  it('takes a title, an optional address and Markdown', () => {
    expect(blogPostSchema.parse({ title: ' Meshing ', slug: '', content: 'Text' })).toMatchObject({ title: 'Meshing', slug: undefined, content: 'Text' })
  })

  it('says what is wrong at each field', () => {
    expect(messages({ title: '', content: '' })).toEqual(['title: Please enter a title'])
    expect(messages({ title: 'T', slug: 'Not A Slug', content: '' })).toEqual([`slug: ${SLUG_MESSAGE}`])
    expect(messages({ title: 'T', content: '![](/files/blog-images/p/x.png)' })).toEqual([`content: ${IMAGE_ALT_MESSAGE}`])
    expect(messages({ title: 'T', content: '![A plot](https://elsewhere.example/x.png)' })).toEqual([`content: ${IMAGE_SOURCE_MESSAGE}`])
    expect(messages({ title: 'T', content: '![A plot](/files/blog-images/p/x.png "Figure 1")' })).toEqual([])
  })
})

describe('the comment rule', () => {
  it('is the same in the browser’s check and the schema', () => {
    for (const text of ['', '   ', 'x'.repeat(blogRules.commentMax + 1), 'Fine']) {
      const schema = commentSchema.safeParse({ comment: text }).error?.issues[0]?.message ?? null
      expect(schema).toBe(commentProblem(text))
    }
    expect(commentProblem(' ')).toBe(COMMENT_EMPTY_MESSAGE)
    expect(commentProblem('x'.repeat(blogRules.commentMax + 1))).toBe(COMMENT_TOO_LONG_MESSAGE)
  })
})
