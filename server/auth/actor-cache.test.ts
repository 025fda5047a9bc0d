import { describe, expect, it } from 'vitest'
import type { Actor } from './actor'
import { ActorCache } from './actor-cache'

const alice: Actor = { userId: 'u-alice', email: 'alice@example.test', groups: [], isAdmin: false }

/** A lookup that answers when told to, counting how often the database was asked. */
function slowDatabase() {
  let asked = 0
  const waiting: (() => void)[] = []
  const ask = (cache: ActorCache, key: string) => (generation: number) => {
    asked++
    return new Promise<Actor>((resolve) =>
      waiting.push(() => {
        cache.set(key, alice, null, generation)
        resolve(alice)
      }),
    )
  }
  return { ask, asked: () => asked, answerAll: () => waiting.splice(0).forEach((answer) => answer()) }
}

describe('ActorCache.lookup', () => {
  it('lets requests that miss the same key together share one database lookup', async () => {
    const cache = new ActorCache()
    cache.setTrusted(true)
    const db = slowDatabase()
    const answers = Array.from({ length: 50 }, () => cache.lookup('session:abc', db.ask(cache, 'session:abc')))
    db.answerAll()
    expect(await Promise.all(answers)).toEqual(Array(50).fill(alice))
    expect(db.asked()).toBe(1)
    expect(cache.get('session:abc')).toEqual(alice)
  })

  it('does not let a request that comes after an announcement join a lookup that started before it', async () => {
    const cache = new ActorCache()
    cache.setTrusted(true)
    const db = slowDatabase()
    const before = cache.lookup('session:abc', db.ask(cache, 'session:abc'))
    cache.forgetUser(alice.userId) // e.g. the session was deleted meanwhile
    const after = cache.lookup('session:abc', db.ask(cache, 'session:abc'))
    db.answerAll()
    await Promise.all([before, after])
    expect(db.asked()).toBe(2)
  })

  it('asks once per request while announcements are not heard', async () => {
    const cache = new ActorCache()
    const db = slowDatabase()
    const answers = [cache.lookup('k', db.ask(cache, 'k')), cache.lookup('k', db.ask(cache, 'k'))]
    db.answerAll()
    await Promise.all(answers)
    expect(db.asked()).toBe(2)
    expect(cache.get('k')).toBeUndefined()
  })

  it('forgets a finished lookup, so a later miss asks the database again', async () => {
    const cache = new ActorCache()
    cache.setTrusted(true)
    const db = slowDatabase()
    const first = cache.lookup('k', db.ask(cache, 'k'))
    db.answerAll()
    await first
    const second = cache.lookup('k', db.ask(cache, 'k'))
    db.answerAll()
    await second
    expect(db.asked()).toBe(2)
  })
})
