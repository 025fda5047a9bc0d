import type { MetaDescriptor } from 'react-router'
import { pageMeta } from './meta'

/** A content page's route data: its copy and its metadata. */
export interface PageData<T> {
  meta: MetaDescriptor[]
  content: T
}

/**
 * What a content page's loader returns: its copy and its metadata. Both are built on the server and
 * travel as route data (inlined in the prerendered HTML, `<path>.data` on client navigation), so the
 * page's script holds components only, not words.
 */
export function pageData<T>(path: string, content: T, extraMeta: PageData<T>['meta'] = []): PageData<T> {
  return { meta: [...pageMeta({ path }), ...extraMeta], content }
}
