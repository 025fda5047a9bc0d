/**
 * The event the shared layout dispatches on `window` once React has hydrated it, so its buttons have
 * their handlers. A prerendered page's loader waits for it to press again the buttons a visitor
 * pressed before the framework had started.
 */
export const HYDRATED_EVENT = 'app:hydrated'
