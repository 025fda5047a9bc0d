import type { MetaDescriptor } from 'react-router'

/** A content page's route data (see pageData in lib/meta.ts). */
export interface PageData<T> {
  meta: MetaDescriptor[]
  content: T
}

/** A content page's `meta` export: the tags its loader built on the server. */
export function metaFromLoader({ loaderData }: { loaderData?: { meta?: MetaDescriptor[] } | null }): MetaDescriptor[] {
  return loaderData?.meta ?? []
}

/**
 * A content page's `shouldRevalidate` export: its copy is fixed at build time, so a change of search
 * params (a filter, `?chat=open`) or a form submission elsewhere never refetches it.
 */
export const neverRevalidate = () => false
