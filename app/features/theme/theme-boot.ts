/** Inline script: read the saved theme index and set it on <html> before the first paint. */
export const THEME_STORAGE_KEY = 'theme'
export const themeBootScript = `try{var t=Number(localStorage.getItem('${THEME_STORAGE_KEY}'));if(!(t>=0&&t<=2))t=0;document.documentElement.dataset.theme=String(t)}catch(e){document.documentElement.dataset.theme='0'}`
