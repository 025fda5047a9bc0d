/** Resolves in a task of its own: the page's other work (and the compositor's frame) goes first. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
