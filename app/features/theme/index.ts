/** The theme picker the header shows. */
export { ThemeDots } from './theme-dots'
