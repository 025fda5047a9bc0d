import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** The page scrolls to the top whenever the page changes. */
export function ScrollToTop() {
  const { pathname } = useLocation()
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [pathname])
  return null
}
