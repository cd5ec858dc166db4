import type { FsLimits, FsUsage } from "./fsQuota.js"

/**
 * What a backend built here tells `LimitedFs` and `MeteredFs` about itself, kept beside the
 * service (never on it, so a host's own `VfsService` object stays exactly what it wrote):
 * - `usage`: what it holds now, measured cheaply (an in-memory store's counters);
 * - `live`: `usage` stays exact after every change, so a wrapper reads it instead of tracking;
 * - `limits`: limits it already enforces itself on every change (then a wrapper with looser or
 *   equal limits adds nothing and is skipped);
 * - `synchronous`: every operation completes without waiting (nothing to race a deadline against);
 * - `identity`: what it stores into, when several service objects may share it (a host
 *   directory opened again by every tool call): the limits keep one account per identity.
 */
export interface BackendInfo {
  readonly identity?: { readonly owner: object; readonly name: string }
  readonly usage?: () => FsUsage
  readonly live?: boolean
  readonly limits?: FsLimits
  readonly synchronous?: boolean
}

const infos = new WeakMap<object, BackendInfo>()

export const describeBackend = <A extends object>(backend: A, info: BackendInfo): A => {
  infos.set(backend, info)
  return backend
}

export const backendInfo = (backend: object): BackendInfo | undefined => infos.get(backend)
