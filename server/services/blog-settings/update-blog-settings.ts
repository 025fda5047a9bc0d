import { blogSettingsSchema, type BlogSettings } from '../../../lib/blog/blog-settings-schema'
import { getAppContext } from '../../context/app-context'
import { blogSettings } from '../../db/schema'
import { requireAdmin, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'

/** An admin chooses whether comments wait for approval or appear at once. */
export async function updateBlogSettings({ actor, input }: { actor: MaybeActor; input: unknown }): Promise<BlogSettings> {
  const a = requireAdmin(actor)
  const values = parseInput(blogSettingsSchema, input)
  const { db } = getAppContext()
  const set = { holdComments: values.holdComments, updatedBy: a.userId, updatedAt: new Date() }
  await db.insert(blogSettings).values({ id: true, ...set }).onConflictDoUpdate({ target: blogSettings.id, set })
  return values
}
