import { site } from '../../../lib/site'
import { DEFAULT_DISPLAY_NAME, getDisplayName } from '../profiles/get-display-name'

/** The name a post is signed with: its writer's display name, or the company's when they have set none. */
export async function postAuthorName(userId: string): Promise<string> {
  const name = await getDisplayName(userId)
  return name === DEFAULT_DISPLAY_NAME ? site.companyName : name
}
