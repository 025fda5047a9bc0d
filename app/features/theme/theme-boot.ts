import { DEFAULT_THEME_INDEX, THEME_STORAGE_KEY, themes } from '../../../lib/theme'

/**
 * Inline script for <head>: read the saved theme index and set it on <html> before the first paint,
 * so a reload never flashes the default theme. Kept tiny and dependency-free on purpose.
 */
export const themeBootScript = `try{var t=Number(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)}));if(!(t>=0&&t<${themes.length}&&t%1===0))t=${DEFAULT_THEME_INDEX};document.documentElement.dataset.theme=String(t)}catch(e){document.documentElement.dataset.theme='${DEFAULT_THEME_INDEX}'}`
