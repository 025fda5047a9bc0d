import { greyPng } from '../../tests/fixtures/png'
import { seedUser } from '../../tests/e2e/dashboard/seed'
import { HttpClient } from '../../tests/integration/portal/support/http-client'
import { tusUpload } from '../../tests/integration/portal/support/tus-upload'
import type { TestServer } from '../../tests/setup/test-server'

const text = (picture: string) => `The stress at the root of a cantilever follows from beam theory; here we check it against a finite element model and see where the two part ways.

## Beam theory

For a tip load $F$ on a beam of length $L$, the bending moment at the root is $M = F L$ and the peak stress is

$$
\\sigma_{max} = \\frac{M c}{I} = \\frac{6 F L}{b h^2}
$$

![The cantilever's mesh, refined towards the root](${picture})

## The model

\`\`\`python
def peak_stress(F, L, b, h):
    """Peak bending stress of a rectangular cantilever (Pa)."""
    return 6 * F * L / (b * h ** 2)
\`\`\`

| Mesh | Elements | Peak stress (MPa) |
|---|---|---|
| Coarse | 1,200 | 118 |
| Fine | 18,400 | 124 |

## What it means

The finer mesh converges on the hand calculation within 2 %, once the root fillet is modelled.
`

/**
 * A published post with what posts usually have (sections, an equation, code, a table, a picture), written
 * through the site's own API by a seeded admin: the bench measures /blog and this post's page.
 * Returns the post's path.
 */
export async function seedBlogPost(server: TestServer): Promise<string> {
  const admin = await seedUser(server, `bench-editor-${Date.now()}@example.test`, { admin: true })
  const client = new HttpClient(server.url)
  for (const cookie of admin.cookies) client.cookies.set(cookie.name, cookie.value)
  const gql = async <T>(query: string, variables: Record<string, unknown>) => {
    const result = await client.gql<T>(query, variables)
    if (result.errors?.length) throw new Error(`bench post: ${JSON.stringify(result.errors)}`)
    return result.data as T
  }
  const { createBlogPost: post } = await gql<{ createBlogPost: { id: string; slug: string } }>('mutation($i: BlogPostInput!) { createBlogPost(input: $i) { id slug } }', {
    i: { title: `Stress at the root of a cantilever ${Date.now().toString(36)}`, summary: 'Beam theory against a finite element model, and where the two part ways.' },
  })
  const upload = await tusUpload(client, greyPng(960, 540), { filename: 'mesh.png', filetype: 'image/png', kind: 'blog-images', blogPostId: post.id })
  if (!upload.path) throw new Error(`bench post picture: ${upload.status} ${upload.body}`)
  await gql('mutation($id: ID!, $c: String!) { updateBlogPost(id: $id, input: { content: $c }) { id } }', { id: post.id, c: text(`/files/${upload.path}`) })
  await gql('mutation($id: ID!) { publishBlogPost(id: $id) { id } }', { id: post.id })
  return `/blog/${post.slug}`
}
