/**
 * A content page's `shouldRevalidate` export: its copy is fixed at build time, so a change of search
 * params (a filter, `?chat=open`) or a form submission elsewhere never refetches it.
 */
export const neverRevalidate = () => false
