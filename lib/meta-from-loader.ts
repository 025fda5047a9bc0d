import type { MetaDescriptor } from 'react-router'

/** A content page's `meta` export: the tags its loader built on the server (see pageData in lib/page-data.ts). */
export function metaFromLoader({ loaderData }: { loaderData?: { meta?: MetaDescriptor[] } | null }): MetaDescriptor[] {
  return loaderData?.meta ?? []
}
