/** The system status card the side panel loads when it comes into view. */
export { SystemStatus } from './system-status'
