/**
 * A portal page's clientAction: a post that never reaches the server (connection lost, server down)
 * becomes a failed result the form shows ("The server could not be reached"), instead of replacing the
 * page with an error page. A response the server threw (a redirect after a delete) is followed.
 */
export async function saveOrSayUnreachable<T>({ request, serverAction }: { request: Request; serverAction: () => Promise<T> }) {
  const intent = String((await request.clone().formData()).get('intent') ?? '')
  try {
    return await serverAction()
  } catch (error) {
    if (error instanceof Response) throw error
    return { intent, ok: false as const, message: 'The server could not be reached. Please try again.' }
  }
}
