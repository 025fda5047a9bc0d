import type { Actor } from './actor'

/** How long a resolved session or API token is trusted without asking the database again. */
const ACTOR_CACHE_TTL_MS = 10_000
const MAX_ENTRIES = 20_000

/** What a database lookup found: the actor, and when the session or token ends (null: never). */
export interface Resolved {
  actor: Actor
  endsAt: Date | null | undefined
}

interface Entry {
  actor: Actor
  /** The earlier of the cache's lifetime and the session's or token's own end. */
  until: number
}

/**
 * Who a session cookie or an API token belongs to, remembered for ACTOR_CACHE_TTL_MS, so a busy
 * client's requests do not each read the session, the user and their groups again.
 *
 * Nothing stale is ever served: PostgreSQL announces every change that could alter an answer
 * (a user updated or deleted, a session deleted or updated, an API token revoked: triggers of
 * migration 0008 NOTIFY `actor_changed` with the user's id, committed changes only, from any
 * process or instance), and the cache forgets that user at once. While the connection that hears
 * those announcements is down, the cache is not used at all.
 */
export class ActorCache {
  private readonly entries = new Map<string, Entry>()
  private readonly keysByUser = new Map<string, Set<string>>()
  /** The database lookups under way, by key, with the generation each started in. */
  private readonly lookups = new Map<string, { generation: number; answer: Promise<Actor | null> }>()
  private trusted = false
  /**
   * Counts announcements. A lookup notes it before asking the database: an answer that an
   * announcement may have overtaken meanwhile is not remembered.
   */
  private generation = 0

  /** Whether announcements are heard now; false empties the cache and stops using it. */
  setTrusted(trusted: boolean) {
    this.trusted = trusted
    if (!trusted) this.clear()
  }

  get(key: string): Actor | undefined {
    if (!this.trusted) return undefined
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.until <= Date.now()) {
      this.delete(key, entry.actor.userId)
      return undefined
    }
    return entry.actor
  }

  /**
   * The actor of a key: remembered, or read by `ask` (which also says until when the answer holds)
   * and remembered unless an announcement came meanwhile. One database lookup per key at a time:
   * requests that miss the same key together (a busy client's many requests just after its entry
   * expired) share the lookup under way instead of each reading the session again, unless an
   * announcement came since it started: those requests ask again. While announcements are not
   * heard, each asks alone and nothing is remembered.
   */
  resolve(key: string, ask: () => Promise<Resolved | null>): Actor | Promise<Actor | null> {
    const remembered = this.get(key)
    if (remembered) return remembered
    if (!this.trusted) return ask().then((found) => found?.actor ?? null)
    const running = this.lookups.get(key)
    if (running && running.generation === this.generation) return running.answer
    const generation = this.generation
    const answer = ask()
      .then((found) => {
        if (!found) return null
        this.set(key, found.actor, found.endsAt, generation)
        return found.actor
      })
      .finally(() => {
        if (this.lookups.get(key)?.answer === answer) this.lookups.delete(key)
      })
    this.lookups.set(key, { generation, answer })
    return answer
  }

  private set(key: string, actor: Actor, endsAt: Date | null | undefined, generation: number) {
    if (!this.trusted || generation !== this.generation) return
    if (this.entries.size >= MAX_ENTRIES) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = this.entries.keys().next().value as string
      this.delete(oldest, this.entries.get(oldest)!.actor.userId)
    }
    const until = Math.min(Date.now() + ACTOR_CACHE_TTL_MS, endsAt ? endsAt.getTime() : Infinity)
    this.entries.set(key, { actor, until })
    let keys = this.keysByUser.get(actor.userId)
    if (!keys) this.keysByUser.set(actor.userId, (keys = new Set()))
    keys.add(key)
  }

  /** Forgets the user a key was remembered for (all of that user's keys), if it was remembered. */
  forgetUserOf(key: string) {
    const entry = this.entries.get(key)
    if (entry) this.forgetUser(entry.actor.userId)
  }

  forgetUser(userId: string) {
    this.generation++
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key)
    this.keysByUser.delete(userId)
  }

  clear() {
    this.generation++
    this.entries.clear()
    this.keysByUser.clear()
  }

  private delete(key: string, userId: string) {
    this.entries.delete(key)
    const keys = this.keysByUser.get(userId)
    keys?.delete(key)
    if (keys?.size === 0) this.keysByUser.delete(userId)
  }
}
